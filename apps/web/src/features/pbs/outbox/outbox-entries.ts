import type { ErrorCode, MediaType } from '@pbshare/shared';
import { del, promisifyRequest, set, values } from 'idb-keyval';

import { outboxStore } from '@/lib/device-storage';
import type { PbTextFields } from '../api/pb-text-fields';

/** Why the server would not take an entry: shown on its row until 'Try again'. */
export interface OutboxRefusal {
  message: string;
  code?: ErrorCode;
}

/** A new PB saved with no network, kept in IndexedDB until the server has it. */
export interface OutboxEntry {
  id: string;
  /** The account that saved it: only that account sees or sends it. */
  userId: string;
  /** When it was saved (ms since the epoch): entries go oldest first. */
  createdAt: number;
  fields: PbTextFields;
  file: File;
  mediaType: MediaType;
  /** Sent on every attempt, so the server saves the PB once however many answers were lost. */
  idempotencyKey: string;
  /** A video's finished upload: later attempts save with it instead of uploading again. */
  uploadId?: string;
  /** A refusal that trying again unchanged would meet again: the entry waits for 'Try again'. */
  refusal?: OutboxRefusal;
}

/** Every kept entry, of every account that saved one on this device, oldest first. */
export async function readEntries(): Promise<OutboxEntry[]> {
  const kept = await values<OutboxEntry>(outboxStore());
  return kept.sort((a, b) => a.createdAt - b.createdAt);
}

export function writeEntry(entry: OutboxEntry): Promise<void> {
  return set(entry.id, entry, outboxStore());
}

export function deleteEntry(id: string): Promise<void> {
  return del(id, outboxStore());
}

/**
 * Rewrites a kept entry in one transaction, unless it is gone (sent, cancelled, or the outbox
 * cleared by a sign-out): writing it back would bring it back. Resolves to the new entry, if any.
 */
export function updateEntry(
  id: string,
  change: (entry: OutboxEntry) => OutboxEntry,
): Promise<OutboxEntry | undefined> {
  return outboxStore()('readwrite', (store) => {
    const read = store.get(id) as IDBRequest<OutboxEntry | undefined>;
    // The put goes in the read's own success event, while the transaction is surely active.
    return new Promise<OutboxEntry | undefined>((resolve, reject) => {
      read.onerror = () => {
        reject(read.error ?? new Error('The outbox could not be read'));
      };
      read.onsuccess = () => {
        if (!read.result) {
          resolve(undefined);
          return;
        }
        const next = change(read.result);
        store.put(next, id);
        promisifyRequest(store.transaction).then(() => {
          resolve(next);
        }, reject);
      };
    });
  });
}
