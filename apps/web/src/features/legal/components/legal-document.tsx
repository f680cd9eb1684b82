import { formatLongDate, todayIso } from '@pbshare/shared';
import type { ReactNode } from 'react';

import { useClientValue } from '@/hooks/use-client-value';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';

/** Links inside a document's text. */
export const linkClasses = 'font-medium text-primary underline underline-offset-4 rounded';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

export interface LegalDocumentProps {
  /** The heading, and the tab title too. */
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
  /** The lines of the closing 'Contact' section: who to write to about what. */
  contact: ReactNode[];
}

/** The visitor's calendar day, 'YYYY-MM-DD'. */
function visitorToday(): string {
  const now = new Date();
  return todayIso(now, -now.getTimezoneOffset());
}

/**
 * Shared frame of the Terms and Privacy pages: title, date, contents list and numbered sections,
 * the last of them the contact addresses.
 */
export function LegalDocument({
  title,
  intro,
  sections: ownSections,
  contact,
}: LegalDocumentProps) {
  useDocumentTitle(pageTitle(title));
  const sections: LegalSection[] = [
    ...ownSections,
    {
      id: 'contact',
      title: 'Contact',
      body: (
        <ul>
          {contact.map((line, index) => (
            // A fixed list: the index names each line for good.
            <li key={index}>{line}</li>
          ))}
        </ul>
      ),
    },
  ];
  // Both documents are dated "today": the visitor's, once the page runs in their browser.
  const today = useClientValue(visitorToday, __BUILD_DATE__);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 pt-10 pb-24 sm:px-6 sm:pt-16">
      <div className="max-w-3xl border-b border-border pb-8">
        <p className="text-sm font-semibold tracking-wide text-primary uppercase">Legal</p>
        <h1 className="mt-3 text-4xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
        <p className="mt-4 text-sm text-muted-foreground">
          Last updated: <time dateTime={today}>{formatLongDate(today)}</time>
        </p>
        <div className="mt-6 text-lg leading-relaxed text-muted-foreground">{intro}</div>
      </div>

      <div className="mt-10 grid grid-cols-1 gap-10 lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-16">
        <nav aria-label="On this page" className="hidden lg:block">
          <div className="sticky top-24">
            <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              On this page
            </p>
            <ol className="mt-4 space-y-2.5 border-l border-border text-sm">
              {sections.map((section) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="-ml-px block border-l border-transparent pl-4 text-muted-foreground transition-colors hover:border-foreground hover:text-foreground"
                  >
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>

        <div className="max-w-3xl space-y-12">
          {sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
              <h2
                id={`${section.id}-title`}
                className="text-xl font-bold tracking-tight sm:text-2xl"
              >
                <span className="mr-2 text-muted-foreground tabular-nums">{index + 1}.</span>
                {section.title}
              </h2>
              <div className="mt-4 space-y-4 leading-relaxed text-foreground/85 [&_li]:pl-1 [&_strong]:font-semibold [&_strong]:text-foreground [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-5 [&_ul]:marker:text-muted-foreground">
                {section.body}
              </div>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
