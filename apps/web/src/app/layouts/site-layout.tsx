import { Outlet, useNavigation } from 'react-router';

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
  return (
    <SiteFrame loading={navigation.state === 'loading'}>
      <Outlet />
    </SiteFrame>
  );
}
