import { clear, set, values } from 'idb-keyval';
import { vi } from 'vitest';

import { outboxStore } from '@/lib/device-storage';
import type { OutboxEntry } from '../outbox-entries';
import { outbox } from '../outbox-store';

const nodeClone = globalThis.structuredClone;

/**
 * fake-indexeddb copies values with Node's structuredClone, which turns jsdom's Files into empty
 * objects where a browser keeps them. This copy hands Blobs back as they are (they cannot change).
 */
function cloneKeepingFiles<T>(value: T): T {
  if (value instanceof Blob) return value;
  if (Array.isArray(value)) return value.map(cloneKeepingFiles) as T;
  if (value !== null && typeof value === 'object') {
    const prototype: unknown = Object.getPrototypeOf(value);
    if (prototype === Object.prototype || prototype === null) {
      return Object.fromEntries(
        Object.entries(value).map(([key, item]) => [key, cloneKeepingFiles(item)]),
      ) as T;
    }
  }
  return nodeClone(value);
}

/**
 * An empty outbox, on disk and in memory, whose kept Files survive: for a test's beforeEach
 * (setup.ts puts the globals back after each test). The browser starts online.
 */
export async function freshOutbox(): Promise<void> {
  vi.stubGlobal('structuredClone', cloneKeepingFiles);
  setOnline(true);
  await clear(outboxStore());
  await outbox.load();
}

/** What IndexedDB holds now. */
export function keptEntries(): Promise<OutboxEntry[]> {
  return values<OutboxEntry>(outboxStore());
}

/** Puts entries on the device as an earlier visit would have left them. */
export async function keepEntries(...entries: OutboxEntry[]): Promise<void> {
  for (const entry of entries) await set(entry.id, entry, outboxStore());
  await outbox.load();
}

/** What the browser says of its network; `announce` fires the event a change brings. */
export function setOnline(online: boolean, { announce = false } = {}): void {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  if (announce) window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

export const squatPhoto = () => new File(['png'], 'squat.png', { type: 'image/png' });
export const squatClip = () => new File(['video'], 'squat.mp4', { type: 'video/mp4' });

/** A squat of 140 kg for 3 reps with its photo, saved offline by the test user (u1). */
export function entryWith(overrides: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    id: 'entry-1',
    userId: 'u1',
    createdAt: 1_000,
    fields: {
      title: 'Squat',
      category: 'Weight Training',
      amount: '140',
      unit: 'kg',
      date: '2026-03-14',
      sets: '',
      reps: '3',
      story: 'Finally.',
    },
    file: squatPhoto(),
    mediaType: 'image',
    idempotencyKey: 'key-1',
    ...overrides,
  };
}
