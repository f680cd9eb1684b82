import { PRODUCT_NAME } from '@pbshare/shared';
import { useEffect } from 'react';

/** 'Pricing' → 'Pricing · PBShare'. */
export function pageTitle(page: string): string {
  return `${page} · ${PRODUCT_NAME}`;
}

/**
 * Sets the tab title while the calling page is shown. On unmount it goes back to the product name
 * (docs/PRODUCT.md §9) so a page without its own title never shows the previous page's.
 */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
    return () => {
      document.title = PRODUCT_NAME;
    };
  }, [title]);
}
