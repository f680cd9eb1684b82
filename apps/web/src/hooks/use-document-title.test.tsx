import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { pageTitle, useDocumentTitle } from './use-document-title';

describe('useDocumentTitle', () => {
  it('sets the title while mounted and resets it to the product name afterwards', () => {
    document.title = 'Something else';

    const { rerender, unmount } = renderHook(
      ({ title }) => {
        useDocumentTitle(title);
      },
      { initialProps: { title: pageTitle('Pricing') } },
    );
    expect(document.title).toBe('Pricing · PBShare');

    rerender({ title: pageTitle('Terms of Service') });
    expect(document.title).toBe('Terms of Service · PBShare');

    unmount();
    expect(document.title).toBe('PBShare');
  });
});
