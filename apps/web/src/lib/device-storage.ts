import { createStore, type UseStore } from 'idb-keyval';

/**
 * Where this browser keeps things for the signed-in account beside the session token: the PBs
 * saved with no network (the outbox), a file shared to the app waiting for the add form (the share
 * inbox, written by the service worker), and the pictures the service worker keeps for the kept
 * PB list. forget-device-data.ts clears them all when the session ends. This module imports
 * nothing else, because the service worker's bundle includes it.
 */

export const OUTBOX_DB = 'pbshare-outbox';
export const SHARE_INBOX_DB = 'pbshare-share-inbox';
const STORE = 'entries';
/** The service worker's cache of /media pictures. */
export const MEDIA_CACHE = 'pbshare-media';
/** The Web Lock held while the outbox is being sent, by a page or the worker: one sender at a time. */
export const OUTBOX_LOCK = 'pbshare-outbox';
/** The Background Sync tag a page registers when it keeps a PB offline. */
export const OUTBOX_SYNC_TAG = 'pbshare-outbox';
/** What the worker tells open pages when the browser says the outbox may go: they send it. */
export const SEND_OUTBOX_MESSAGE = 'pbshare:send-outbox';

let outbox: UseStore | undefined;
let shareInbox: UseStore | undefined;

/** The outbox's store, opened on first use: IndexedDB may be missing (some private modes). */
export function outboxStore(): UseStore {
  outbox ??= createStore(OUTBOX_DB, STORE);
  return outbox;
}

export function shareInboxStore(): UseStore {
  shareInbox ??= createStore(SHARE_INBOX_DB, STORE);
  return shareInbox;
}
