import type { InlineProfilePage } from '@pbshare/shared';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';

import { ProfileWithoutScript, PublicProfileView } from '@/features/public-profile';
import { Providers } from './providers';

/**
 * The markup of /{username} for the server to put into #root: the same tree, from the same
 * props, that public.tsx hydrates. Built by `vite build --ssr` into dist-ssr, which the API
 * server loads at start.
 */
export function renderPublicPage(page: InlineProfilePage): string {
  return renderToString(
    <Providers>
      <PublicProfileView profile={page.profile} pbId={page.pbId} unavailable={page.unavailable} />
    </Providers>,
  );
}

/**
 * The page for a browser that runs no script, which the server puts in <noscript> in place of
 * #root: every visible PB as a list. Empty for nobody, whose Profile Not Found needs no script.
 */
export function renderPublicPageWithoutScript(page: InlineProfilePage): string {
  if (!page.profile) return '';
  return renderToStaticMarkup(<ProfileWithoutScript profile={page.profile} />);
}
