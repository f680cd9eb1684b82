import 'fake-indexeddb/auto';

import { QueryClient } from '@tanstack/react-query';
import { keys, set } from 'idb-keyval';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { MEDIA_CACHE, outboxStore, shareInboxStore } from './device-storage';
import { forgetDeviceData } from './forget-device-data';
import { keepQueries, keptBy, restoreKeptQueries } from './kept-queries';
import { keepSharedFile } from './share-inbox';

/** Cache Storage holding caches of these names. */
function cacheStorage(...names: string[]) {
  const held = new Set(names);
  return {
    has: (name: string) => Promise.resolve(held.has(name)),
    delete: (name: string) => Promise.resolve(held.delete(name)),
  };
}

/** Keeps the PB list as the app does, once its delayed write has landed. */
async function keepPbList() {
  const client = new QueryClient();
  const stop = keepQueries(client, keptBy([['pbs']]));
  client.setQueryData(['pbs'], [{ id: 'pb-1' }]);
  await vi.waitFor(() => {
    expect(localStorage).toHaveLength(1);
  });
  stop();
}

function keptPbList(): unknown {
  const client = new QueryClient();
  restoreKeptQueries(client);
  return client.getQueryData(['pbs']);
}

describe('forgetDeviceData', () => {
  beforeEach(async () => {
    await keepPbList();
    await set('entry-1', { id: 'entry-1', userId: 'u1' }, outboxStore());
    await keepSharedFile(new File(['png'], 'lift.png', { type: 'image/png' }));
  });

  it('forgets the kept answers, the outbox, a shared file and the kept pictures', async () => {
    const caches = cacheStorage(MEDIA_CACHE, 'workbox-precache-v2');
    vi.stubGlobal('caches', caches);
    expect(keptPbList()).toBeDefined();
    expect(await keys(outboxStore())).toEqual(['entry-1']);
    expect(await keys(shareInboxStore())).toHaveLength(1);

    await forgetDeviceData();

    expect(keptPbList()).toBeUndefined();
    expect(await keys(outboxStore())).toEqual([]);
    expect(await keys(shareInboxStore())).toEqual([]);
    expect(await caches.has(MEDIA_CACHE)).toBe(false);
    // The app itself stays, so it still opens with no network.
    expect(await caches.has('workbox-precache-v2')).toBe(true);
  });

  it('forgets the rest in a browser without Cache Storage', async () => {
    vi.stubGlobal('caches', undefined);

    await forgetDeviceData();

    expect(keptPbList()).toBeUndefined();
    expect(await keys(outboxStore())).toEqual([]);
    expect(await keys(shareInboxStore())).toEqual([]);
  });

  it('forgets the rest when one part fails', async () => {
    vi.stubGlobal('caches', { delete: () => Promise.reject(new Error('refused')) });

    await expect(forgetDeviceData()).resolves.toBeUndefined();

    expect(keptPbList()).toBeUndefined();
    expect(await keys(outboxStore())).toEqual([]);
    expect(await keys(shareInboxStore())).toEqual([]);
  });
});
