import type { InlineProfilePage } from '@pbshare/shared';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';

import { PublicProfileView } from '@/features/public-profile';

/**
 * The markup of /{username} for the server to put into #root: the same tree, from the same
 * props, that entry-public.tsx hydrates. Built by `vite build --ssr` into dist-ssr, which the API
 * server loads at start.
 */
export function renderPublicPage(page: InlineProfilePage): string {
  return renderToString(
    <StrictMode>
      <PublicProfileView profile={page.profile} pbId={page.pbId} />
    </StrictMode>,
  );
}
