import { PRODUCT_NAME } from '@pbshare/shared';
import { Suspense } from 'react';

import { useDocumentTitle } from '@/hooks/use-document-title';
import { ClosingCta } from './components/closing-cta';
import { FeatureGrid } from './components/feature-grid';
import { Hero } from './components/hero';

export function LandingPage() {
  useDocumentTitle(`${PRODUCT_NAME} — Share your personal bests`);

  // Each section is a unit of its own when the prerendered page hydrates: React can stop between
  // them to let the browser handle input, instead of one long task for the whole page.
  return (
    <>
      <Suspense>
        <Hero />
      </Suspense>
      <Suspense>
        <FeatureGrid />
      </Suspense>
      <Suspense>
        <ClosingCta />
      </Suspense>
    </>
  );
}
