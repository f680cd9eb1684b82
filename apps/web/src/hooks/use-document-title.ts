import { PRODUCT_NAME } from '@pbshare/shared';
import { useEffect } from 'react';

/** 'Pricing' → 'Pricing · PBShare'. */
export function pageTitle(page: string): string {
  return `${page} · ${PRODUCT_NAME}`;
}

/** Where titles go while pages render to HTML outside a browser (see renderStaticPage). */
let serverTitleSink: ((title: string) => void) | undefined;

/** Runs `render` while collecting the title its page asks for; answers both. */
export function withDocumentTitle<T>(render: () => T): { result: T; title: string | undefined } {
  let title: string | undefined;
  serverTitleSink = (next) => {
    title = next;
  };
  try {
    return { result: render(), title };
  } finally {
    serverTitleSink = undefined;
  }
}

/**
 * Sets the tab title while the calling page is shown. On unmount it goes back to the product name
 * (docs/PRODUCT.md §9) so a page without its own title never shows the previous page's.
 */
export function useDocumentTitle(title: string): void {
  // Effects do not run when a page is rendered to HTML: the prerendered page gets its title here.
  serverTitleSink?.(title);
  useEffect(() => {
    document.title = title;
    return () => {
      document.title = PRODUCT_NAME;
    };
  }, [title]);
}
