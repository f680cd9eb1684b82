import { clear } from 'idb-keyval';

import { MEDIA_CACHE, outboxStore, shareInboxStore } from './device-storage';
import { forgetKeptQueries } from './kept-queries';

/**
 * Forgets everything this device keeps for the account (device-storage.ts): the kept PB list and
 * profile, their pictures, the outbox and a shared file not yet added. Run when the user signs
 * out or deletes the account, so the next person on this device finds none of it. A part this
 * browser does not have (no IndexedDB, no Cache Storage) has nothing to forget.
 */
export async function forgetDeviceData(): Promise<void> {
  forgetKeptQueries();
  // Each part in a function of its own: one that throws at once (no IndexedDB at all) must not
  // keep the others from running.
  await Promise.allSettled(
    [
      () => clear(outboxStore()),
      () => clear(shareInboxStore()),
      () => caches.delete(MEDIA_CACHE),
    ].map(async (forget) => forget()),
  );
}
