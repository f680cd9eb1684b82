import 'fake-indexeddb/auto';

import { clear } from 'idb-keyval';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { shareInboxStore } from './device-storage';
import { keepSharedFile, SHARED_FILE_TTL_MS, takeSharedFile } from './share-inbox';

const photo = (name = 'lift.png') => new File(['png'], name, { type: 'image/png' });

describe('the share inbox', () => {
  beforeEach(async () => {
    // fake-indexeddb copies with Node's structuredClone, which empties jsdom's Files; a browser
    // keeps them. Stored values are not changed here, so keeping them as they are is faithful.
    vi.stubGlobal('structuredClone', <T>(value: T): T => value);
    await clear(shareInboxStore());
  });

  it('hands the shared file over once', async () => {
    await keepSharedFile(photo(), 1_000);

    const taken = await takeSharedFile(1_000 + 5 * 60 * 1000);

    expect(taken).toBeInstanceOf(File);
    expect(taken?.name).toBe('lift.png');
    expect(await takeSharedFile(1_000)).toBeUndefined();
  });

  it('hands over a share up to an hour old, and drops an older one', async () => {
    await keepSharedFile(photo(), 0);
    expect(await takeSharedFile(SHARED_FILE_TTL_MS)).toBeDefined();

    await keepSharedFile(photo(), 0);
    expect(await takeSharedFile(SHARED_FILE_TTL_MS + 1)).toBeUndefined();
    // Dropped, not left for a later form.
    expect(await takeSharedFile(0)).toBeUndefined();
  });

  it('keeps only the latest share', async () => {
    await keepSharedFile(photo('first.png'), 0);
    await keepSharedFile(photo('second.png'), 0);

    expect((await takeSharedFile(0))?.name).toBe('second.png');
    expect(await takeSharedFile(0)).toBeUndefined();
  });

  it('has nothing when nothing was shared', async () => {
    expect(await takeSharedFile()).toBeUndefined();
  });
});
