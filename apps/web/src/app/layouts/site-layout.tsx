import { Outlet, useNavigation } from 'react-router';

import { useAuth } from '@/features/auth';
import { OfflineBanner, UpdatePrompt, useOnline } from '@/features/offline';
import { OutboxSender } from '@/features/pbs';
import { SiteFrame } from './site-frame';
import { SiteProviders } from '../site-providers';

/**
 * The frame of every page but the public profile: top bar, the page, footer, with the session and
 * toasts they use. The router loads it lazily, which keeps all of it out of /{username}'s download.
 */
export function SiteLayout() {
  return (
    <SiteProviders>
      <RoutedFrame />
    </SiteProviders>
  );
}

function RoutedFrame() {
  const navigation = useNavigation();
  const { user } = useAuth();
  const online = useOnline();
  return (
    <SiteFrame loading={navigation.state === 'loading'}>
      {/* Signed in with no network, the pages show what this device kept (docs/PRODUCT.md §15). */}
      {user && !online ? <OfflineBanner /> : null}
      <UpdatePrompt />
      {/* PBs saved with no network leave from whichever page is open when it returns. */}
      {user ? <OutboxSender /> : null}
      <Outlet />
    </SiteFrame>
  );
}
