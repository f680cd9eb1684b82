import { useEffect, useSyncExternalStore } from 'react';

import { toast } from '@/components/ui/toaster';
import { applyUpdate, updateReady } from '@/lib/service-worker';
import { OFFLINE_TEXTS } from './offline-texts';

const TOAST_ID = 'app-update';

/**
 * Offers the new version once it has installed: it waits, so nothing changes under the user's
 * hands, until they choose to reload (or every tab of the app has closed).
 */
export function UpdatePrompt() {
  const ready = useSyncExternalStore(updateReady.subscribe, updateReady.getSnapshot, () => false);
  useEffect(() => {
    if (!ready) return;
    toast(OFFLINE_TEXTS.updateReady, {
      id: TOAST_ID,
      duration: Infinity,
      action: {
        label: OFFLINE_TEXTS.reload,
        onClick: () => {
          applyUpdate();
        },
      },
    });
  }, [ready]);
  return null;
}
