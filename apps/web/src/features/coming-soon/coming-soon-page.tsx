import { Construction } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { Button } from '../../components/ui/button';
import { pageTitle, useDocumentTitle } from '../../hooks/use-document-title';

export interface ComingSoonPageProps {
  /** Which page this stands in for, e.g. 'Sign in'. */
  page: string;
  /** Anything the page already knows to say, shown under the placeholder text. */
  children?: ReactNode;
}

/**
 * Placeholder for the pages that later work builds (accounts, PBs, sharing, public profiles).
 * It says plainly that it is one, so nobody mistakes it for a broken page.
 */
export function ComingSoonPage({ page, children }: ComingSoonPageProps) {
  useDocumentTitle(pageTitle(page));

  return (
    <section
      aria-labelledby="coming-soon-title"
      className="mx-auto flex w-full max-w-lg flex-1 flex-col items-center justify-center px-6 py-24 text-center"
    >
      <span className="inline-flex items-center gap-1.5 rounded-full border border-dashed border-primary/40 bg-primary-soft px-3 py-1 text-xs font-semibold tracking-wide text-primary uppercase">
        <Construction className="size-3.5" aria-hidden="true" />
        Placeholder
      </span>
      <h1 id="coming-soon-title" className="mt-5 text-3xl font-bold tracking-tight sm:text-4xl">
        Coming soon
      </h1>
      <p className="mt-3 text-lg font-medium">{page}</p>
      <p className="mt-2 text-muted-foreground text-pretty">
        This page is not built yet. It is on its way in an upcoming release of PBShare.
      </p>
      {children}
      <Button asChild variant="outline" className="mt-8">
        <Link to="/">Return to Home</Link>
      </Button>
    </section>
  );
}
