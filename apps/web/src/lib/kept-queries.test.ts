import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';

import { withFakeTimersInEachTest } from '@/test/fake-timers';
import {
  forgetKeptQueries,
  keepQueries,
  KEPT_MAX_AGE_MS,
  keptBy,
  restoreKeptQueries,
} from './kept-queries';

const PROFILE = ['auth', 'me'] as const;
const PBS = ['pbs'] as const;
const isKept = keptBy([PROFILE, PBS]);

function newClient() {
  // Fresh forever, so an answer that is stale was marked so by the restore.
  return new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
}

/** What a new start of the app would find kept: the answers restored into a new client. */
function restored(now?: number): QueryClient {
  const client = newClient();
  restoreKeptQueries(client, localStorage, now);
  return client;
}

/** The one item the kept answers are stored as, for a test that tampers with it. */
function storedItem(): { key: string; text: string } {
  expect(localStorage).toHaveLength(1);
  const key = localStorage.key(0) ?? '';
  return { key, text: localStorage.getItem(key) ?? '' };
}

describe('keptBy', () => {
  it('keeps a key that starts with one of the prefixes, and no other', () => {
    const keys: [QueryKey, boolean][] = [
      [['pbs'], true],
      [['pbs', 'pb-1'], true],
      [['auth', 'me'], true],
      [['auth', 'other'], false],
      [['pb'], false],
      [['public', 'pbs'], false],
    ];
    for (const [key, kept] of keys) expect(isKept(key), JSON.stringify(key)).toBe(kept);
  });
});

describe('keepQueries', () => {
  withFakeTimersInEachTest();

  it('keeps the named answers 300 ms after they arrive, and only those', () => {
    const client = newClient();
    keepQueries(client, isKept);

    client.setQueryData(PBS, [{ id: 'pb-1' }]);
    client.setQueryData(PROFILE, { id: 'u1' });
    client.setQueryData(['settings'], { theme: 'dark' });
    vi.advanceTimersByTime(299);
    expect(localStorage).toHaveLength(0);
    vi.advanceTimersByTime(1);

    const next = restored();
    expect(next.getQueryData(PBS)).toEqual([{ id: 'pb-1' }]);
    expect(next.getQueryData(PROFILE)).toEqual({ id: 'u1' });
    expect(next.getQueryData(['settings'])).toBeUndefined();
  });

  it('writes a burst of answers once', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const client = newClient();
    keepQueries(client, isKept);

    client.setQueryData(PBS, []);
    vi.advanceTimersByTime(200);
    client.setQueryData(['pbs', 'pb-1'], { id: 'pb-1' });
    vi.advanceTimersByTime(200);
    client.setQueryData(PROFILE, { id: 'u1' });
    vi.advanceTimersByTime(300);

    expect(setItem).toHaveBeenCalledTimes(1);
  });

  it('does not write for an answer it does not keep', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const client = newClient();
    keepQueries(client, isKept);
    client.setQueryData(PBS, []);
    vi.advanceTimersByTime(300);

    client.setQueryData(['settings'], { theme: 'dark' });
    vi.advanceTimersByTime(1000);

    expect(setItem).toHaveBeenCalledTimes(1);
  });

  it('forgets instead of writing once `while` says the session has ended', () => {
    let signedIn = true;
    const client = newClient();
    keepQueries(client, isKept, { while: () => signedIn });
    client.setQueryData(PBS, [{ id: 'pb-1' }]);
    vi.advanceTimersByTime(300);
    expect(restored().getQueryData(PBS)).toBeDefined();

    signedIn = false;
    client.setQueryData(PBS, [{ id: 'pb-2' }]);
    vi.advanceTimersByTime(300);

    expect(localStorage).toHaveLength(0);
  });

  it('forgets when the last kept answer is removed', () => {
    const client = newClient();
    keepQueries(client, isKept);
    client.setQueryData(PBS, []);
    vi.advanceTimersByTime(300);
    expect(localStorage).toHaveLength(1);

    client.clear();
    vi.advanceTimersByTime(300);

    expect(localStorage).toHaveLength(0);
  });

  it('makes a waiting write when the page goes away (a reload), not after', () => {
    const client = newClient();
    const stop = keepQueries(client, isKept);

    client.setQueryData(PBS, [{ id: 'pb-2' }, { id: 'pb-1' }]);
    window.dispatchEvent(new Event('pagehide'));
    expect(restored().getQueryData(PBS)).toEqual([{ id: 'pb-2' }, { id: 'pb-1' }]);

    // Nothing waits any more, and nothing is written for a page-hide with nothing waiting.
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    vi.advanceTimersByTime(1000);
    window.dispatchEvent(new Event('pagehide'));
    expect(setItem).not.toHaveBeenCalled();
    stop();
  });

  it('stops keeping when stopped, dropping a write that was waiting', () => {
    const client = newClient();
    const stop = keepQueries(client, isKept);

    client.setQueryData(PBS, []);
    stop();
    vi.advanceTimersByTime(1000);
    window.dispatchEvent(new Event('pagehide'));

    expect(localStorage).toHaveLength(0);
  });

  it('goes on without a copy when the storage refuses the write', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const client = newClient();
    keepQueries(client, isKept);

    client.setQueryData(PBS, []);

    expect(() => vi.advanceTimersByTime(300)).not.toThrow();
  });
});

describe('restoreKeptQueries', () => {
  withFakeTimersInEachTest();

  /** Keeps `pbs` as the list's answer, and returns when it was kept. */
  function keepList(pbs: unknown): number {
    const client = newClient();
    const stop = keepQueries(client, isKept);
    client.setQueryData(PBS, pbs);
    vi.advanceTimersByTime(300);
    stop();
    return Date.now();
  }

  it('puts the kept answers back, marked stale so a page fetches them again', () => {
    keepList([{ id: 'pb-1' }]);

    const client = restored();

    expect(client.getQueryData(PBS)).toEqual([{ id: 'pb-1' }]);
    expect(client.getQueryState(PBS)?.isInvalidated).toBe(true);
  });

  it('restores answers up to 30 days old, and drops and forgets older ones', () => {
    const savedAt = keepList([{ id: 'pb-1' }]);

    expect(restored(savedAt + KEPT_MAX_AGE_MS).getQueryData(PBS)).toBeDefined();
    expect(restored(savedAt + KEPT_MAX_AGE_MS + 1).getQueryData(PBS)).toBeUndefined();
    expect(localStorage).toHaveLength(0);
  });

  it('drops and forgets answers kept in another format', () => {
    keepList([{ id: 'pb-1' }]);
    const { key, text } = storedItem();
    const kept = JSON.parse(text) as { format: number };
    localStorage.setItem(key, JSON.stringify({ ...kept, format: kept.format + 1 }));

    expect(restored().getQueryData(PBS)).toBeUndefined();
    expect(localStorage).toHaveLength(0);
  });

  it('ignores a kept text it cannot read', () => {
    keepList([]);
    localStorage.setItem(storedItem().key, '{not json');

    expect(restored().getQueryCache().getAll()).toEqual([]);
  });
});

describe('forgetKeptQueries', () => {
  withFakeTimersInEachTest();

  it('removes the kept answers', () => {
    const client = newClient();
    keepQueries(client, isKept);
    client.setQueryData(PROFILE, { id: 'u1' });
    vi.advanceTimersByTime(300);

    forgetKeptQueries();

    expect(restored().getQueryData(PROFILE)).toBeUndefined();
    expect(localStorage).toHaveLength(0);
  });
});
