import { del, get, set } from 'idb-keyval';

import { shareInboxStore } from './device-storage';

/**
 * A photo or video shared to the installed app from the phone's share sheet. The service worker
 * receives it (the manifest's share_target posts it to /add-pb) and keeps it here; the add form
 * takes it, after a sign-in if one was needed, so the file survives that detour.
 */
const KEY = 'shared';
/** A share older than this was abandoned: the next add form does not pick it up. */
export const SHARED_FILE_TTL_MS = 60 * 60 * 1000;

interface SharedFile {
  file: File;
  receivedAt: number;
}

export async function keepSharedFile(file: File, now = Date.now()): Promise<void> {
  await set(KEY, { file, receivedAt: now } satisfies SharedFile, shareInboxStore());
}

/** The file shared last, removed from the inbox; undefined when none or too old. */
export async function takeSharedFile(now = Date.now()): Promise<File | undefined> {
  const store = shareInboxStore();
  const shared = await get<SharedFile>(KEY, store);
  if (!shared) return undefined;
  await del(KEY, store);
  return now - shared.receivedAt <= SHARED_FILE_TTL_MS ? shared.file : undefined;
}
