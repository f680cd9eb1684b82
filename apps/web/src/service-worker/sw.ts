/// <reference lib="webworker" />
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import * as navigationPreload from 'workbox-navigation-preload';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkOnly } from 'workbox-strategies';

import { deleteEntry, readEntries, updateEntry } from '@/features/pbs/outbox/outbox-entries';
import {
  MEDIA_CACHE,
  OUTBOX_LOCK,
  OUTBOX_SYNC_TAG,
  SEND_OUTBOX_MESSAGE,
} from '@/lib/device-storage';
import { keepSharedFile } from '@/lib/share-inbox';
import { sendOutboxInBackground } from './background-send';
import {
  appShellFor,
  isKeptPicture,
  pictureFolder,
  SHARE_TARGET_FILE_FIELD,
  SHARE_TARGET_PATH,
  SHARED_FILE_PAGE,
} from './routes';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };
/** Background Sync's event, which TypeScript's worker types do not have yet. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

// The app shell and its code: the build writes the list in place of __WB_MANIFEST
// (scripts/build.mjs), each file with its content's hash, so a deploy replaces what changed.
// Only exact addresses: `/` is the prerendered landing page, never the kept index.html.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();
// A new worker waits until the page asks for it ('A new version is ready'), then takes every tab.
clientsClaim();
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// The signed-in app's pages open from the kept shell, with or without a network; every other
// page, /{username} first, is the network's, started while the worker boots.
navigationPreload.enable();
const shells = new Map<string, ReturnType<typeof createHandlerBoundToURL>>();
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && appShellFor(url.pathname) !== undefined,
  (options) => {
    const shell = appShellFor(options.url.pathname) ?? '/index.html';
    let handler = shells.get(shell);
    if (!handler) {
      handler = createHandlerBoundToURL(shell);
      shells.set(shell, handler);
    }
    return handler(options);
  },
);
registerRoute(({ request }) => request.mode === 'navigate', new NetworkOnly());

// A PB's pictures never change under their address (a new file gets a new key), so a kept copy
// is always right; the oldest go first past a few hundred. Offline, a size of the picture never
// seen (the full screen one of a card opened for the first time) is stood in for by a kept one.
const keptSize: WorkboxPlugin = {
  handlerDidError: async ({ request }) => {
    const cache = await caches.open(MEDIA_CACHE);
    const folder = pictureFolder(request.url);
    const sibling = (await cache.keys()).find((kept) => kept.url.startsWith(folder));
    return sibling ? await cache.match(sibling) : undefined;
  },
};
registerRoute(
  ({ request, url }) => isKeptPicture(url, request.destination),
  new CacheFirst({
    cacheName: MEDIA_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 300, purgeOnQuotaError: true }), keptSize],
  }),
);

// Sharing a photo or video to the installed app: keep the file, then open the add form, which
// takes it (after a sign-in if needed). A post with no usable file opens the form as it is.
registerRoute(
  ({ url }) => url.pathname === SHARE_TARGET_PATH,
  async ({ request }) => {
    try {
      const shared = (await request.formData()).get(SHARE_TARGET_FILE_FIELD);
      if (shared instanceof File && shared.size > 0) {
        await keepSharedFile(shared);
        return Response.redirect(SHARED_FILE_PAGE, 303);
      }
    } catch {
      // An unreadable post: the form tells the user to pick the file there.
    }
    return Response.redirect(`${SHARE_TARGET_PATH}?shared=missing`, 303);
  },
  'POST',
);

// PBs saved with no network (the outbox): when the browser says the network is back, open pages
// send them, with their progress and toasts; with none open, the worker sends them itself, under
// the lock a sending page holds, so one of them sends.
self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(sendOutbox());
});

async function sendOutbox(): Promise<void> {
  const pages = await self.clients.matchAll({ type: 'window' });
  if (pages.length > 0) {
    for (const page of pages) page.postMessage({ type: SEND_OUTBOX_MESSAGE });
    return;
  }
  await navigator.locks.request(OUTBOX_LOCK, { ifAvailable: true }, async (lock) => {
    if (!lock) return;
    await sendOutboxInBackground({
      fetch: (input, init) => fetch(input, init),
      entries: readEntries,
      remove: deleteEntry,
      refuse: (id, refusal) => updateEntry(id, (entry) => ({ ...entry, refusal })),
    });
  });
}
