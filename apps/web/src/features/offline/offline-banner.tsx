import { WifiOff } from 'lucide-react';

import { OFFLINE_TEXTS } from './offline-texts';

/**
 * Says that the signed-in pages show what this device kept, while the browser has no network.
 * A status, so a screen reader announces it when the network goes and comes back.
 */
export function OfflineBanner() {
  return (
    <div
      role="status"
      data-testid="offline-banner"
      className="flex items-center justify-center gap-2 border-b border-border bg-muted px-4 py-2 text-sm font-medium text-foreground"
    >
      <WifiOff aria-hidden="true" className="size-4 shrink-0" />
      {OFFLINE_TEXTS.offline}
    </div>
  );
}
