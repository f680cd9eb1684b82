import type { MediaType } from '@pbshare/shared';

import { OUTBOX_SYNC_TAG } from '@/lib/device-storage';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { askForBackgroundSync } from '@/lib/service-worker';
import type { PbTextFields } from '../api/save-personal-best';
import { outbox } from './outbox-store';

const KEEP_FAILED_MESSAGE =
  "This device could not keep your personal best. Save it again when you're back online.";

export interface PbToKeep {
  userId: string;
  fields: PbTextFields;
  file: File;
  mediaType: MediaType;
}

/**
 * Puts a new PB saved with no network in the outbox, under the idempotency key every attempt at
 * sending it will carry; the sender (outbox-sender.tsx) sends it once the network is back.
 */
export async function keepOnDevice({ userId, fields, file, mediaType }: PbToKeep): Promise<void> {
  try {
    await outbox.add({
      // Any random string names the entry; the key's maker also works on plain-http origins.
      id: newIdempotencyKey(),
      userId,
      createdAt: Date.now(),
      fields,
      file,
      mediaType,
      idempotencyKey: newIdempotencyKey(),
    });
  } catch {
    // No IndexedDB (some private modes) or no room left on the device.
    throw new Error(KEEP_FAILED_MESSAGE);
  }
  // Where the browser has Background Sync, the worker sends it even if the app is closed by then.
  askForBackgroundSync(OUTBOX_SYNC_TAG).catch(() => undefined);
}
