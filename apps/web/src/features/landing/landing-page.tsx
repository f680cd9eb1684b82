import { PRODUCT_NAME } from '@pbshare/shared';

import { useDocumentTitle } from '@/hooks/use-document-title';
import { ClosingCta } from './components/closing-cta';
import { FeatureGrid } from './components/feature-grid';
import { Hero } from './components/hero';

export function LandingPage() {
  useDocumentTitle(`${PRODUCT_NAME} — Share your personal bests`);

  return (
    <>
      <Hero />
      <FeatureGrid />
      <ClosingCta />
    </>
  );
}
