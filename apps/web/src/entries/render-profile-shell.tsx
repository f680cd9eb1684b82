import { renderToStaticMarkup } from 'react-dom/server';

import { ProfileShell } from '@/components/layout/profile-skeleton';

/**
 * The markup the server puts into /profile's #root (apps/server/src/web/app-shells.ts), so a slow
 * network paints the page's shape before the app's script arrives. The app renders over it (it
 * does not hydrate it): its first screen on /profile is the same shell.
 */
export function renderProfileShell(): string {
  return renderToStaticMarkup(<ProfileShell />);
}
