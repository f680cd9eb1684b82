import type { InlineProfilePage } from '@pbshare/shared';
import { renderToString } from 'react-dom/server';

import { PublicProfileView } from '@/features/public-profile';
import { Providers } from './providers';

/**
 * The markup of /{username} for the server to put into #root: the same tree, from the same
 * props, that public.tsx hydrates. Built by `vite build --ssr` into dist-ssr, which the API
 * server loads at start.
 */
export function renderPublicPage(page: InlineProfilePage): string {
  return renderToString(
    <Providers>
      <PublicProfileView profile={page.profile} pbId={page.pbId} />
    </Providers>,
  );
}
