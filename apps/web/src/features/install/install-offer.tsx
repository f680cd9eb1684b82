import { Smartphone } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';

import { Button } from '@/components/ui/button';
import { IconBadge } from '@/components/ui/icon-badge';
import { installWasOffered, rememberInstallOffered } from './install-offer-seen';
import { heldInstallPrompt, promptInstall, subscribeToInstallPrompt } from './install-prompt';

export const INSTALL_OFFER_TEXTS = {
  title: 'Keep PBShare on your home screen',
  description: 'Open your PBs like an app, straight from your phone.',
  install: 'Install',
  notNow: 'Not now',
} as const;

/**
 * The one polite offer to install (docs/PRODUCT.md §15): on /profile once the athlete has a PB,
 * when the browser can install the app, and only ever once per browser.
 */
export function InstallOffer({ hasPbs }: { hasPbs: boolean }) {
  const offer = useSyncExternalStore(subscribeToInstallPrompt, heldInstallPrompt, () => null);
  // Decided when the page opens: an offer seen before does not come back on this visit or later.
  const [offeredBefore] = useState(installWasOffered);
  const [closed, setClosed] = useState(false);
  const visible = hasPbs && offer !== null && !offeredBefore && !closed;

  useEffect(() => {
    if (visible) rememberInstallOffered();
  }, [visible]);

  if (!visible) return null;
  return (
    <section
      aria-label="Install PBShare"
      data-testid="install-offer"
      className="mt-6 flex flex-col gap-4 rounded-3xl border border-border bg-card p-5 sm:flex-row sm:items-center"
    >
      <div className="flex flex-1 items-center gap-4">
        <IconBadge icon={Smartphone} size="sm" />
        <div>
          <h2 className="font-semibold">{INSTALL_OFFER_TEXTS.title}</h2>
          <p className="text-sm text-muted-foreground">{INSTALL_OFFER_TEXTS.description}</p>
        </div>
      </div>
      <div className="flex gap-2">
        <Button
          size="sm"
          onClick={() => {
            setClosed(true);
            void promptInstall();
          }}
        >
          {INSTALL_OFFER_TEXTS.install}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => {
            setClosed(true);
          }}
        >
          {INSTALL_OFFER_TEXTS.notNow}
        </Button>
      </div>
    </section>
  );
}
