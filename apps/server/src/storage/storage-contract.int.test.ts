import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Peer, type S3Peer } from '../test/s3-peer.js';
import { LocalStorage } from './local-storage.js';
import { sweepOrphanMedia } from './orphan-sweep.js';
import { S3Storage } from './s3-storage.js';
import type { Storage } from './storage.js';

/**
 * One contract for every media store: what the app relies on behaves the same on local disk and
 * on a bucket spoken to over the S3 protocol (s3rver, started here).
 */

let peer: S3Peer;
let scratch: string;
beforeAll(async () => {
  peer = await startS3Peer(['contract-media']);
  scratch = mkdtempSync(join(tmpdir(), 'pbshare-contract-'));
});
afterAll(async () => {
  await peer.close();
  rmSync(scratch, { recursive: true, force: true });
});

const stores: [string, () => Storage][] = [
  ['local disk', () => new LocalStorage(mkdtempSync(join(scratch, 'data-')))],
  ['S3 bucket', () => new S3Storage(peer.config('contract-media'))],
];

const uuid = () => crypto.randomUUID();

describe.each(stores)('the media store contract: %s', (_name, makeStore) => {
  let store: Storage;
  beforeAll(() => {
    store = makeStore();
  });

  it('keeps bytes put under a key and reads them back with their size', async () => {
    const key = `avatars/${uuid()}.webp`;
    const data = randomBytes(70_000);
    await store.put(key, data, 'image/webp');
    expect(await buffer(store.read(key))).toEqual(data);
    expect(await store.size(key)).toBe(data.length);
  });

  it('takes over a finished upload file, streaming it and removing the source', async () => {
    const key = `pbs/${uuid()}/original.mp4`;
    // Over one multipart part on the bucket (8 MB), so the streamed upload sends several.
    const data = randomBytes(9 * 1024 * 1024 + 123);
    const source = join(scratch, `${uuid()}.upload`);
    writeFileSync(source, data);
    await store.putFile(key, source, 'video/mp4');
    expect(existsSync(source)).toBe(false);
    expect(await store.size(key)).toBe(data.length);
    expect((await buffer(store.read(key))).equals(data)).toBe(true);
  });

  it('copies an object to a new key, leaving the first as it was', async () => {
    const from = `pbs/${uuid()}/full.webp`;
    const to = `pbs/${uuid()}/full.webp`;
    const data = randomBytes(20_000);
    await store.put(from, data, 'image/webp');
    await store.copy(from, to);
    expect((await buffer(store.read(to))).equals(data)).toBe(true);
    expect(await store.size(from)).toBe(data.length);
    await expect(store.copy(`pbs/${uuid()}/gone.webp`, to)).rejects.toThrow();
  });

  it('deletes, and a missing object is neither an error nor a size', async () => {
    const key = `avatars/${uuid()}.webp`;
    await store.put(key, Buffer.from('x'), 'image/webp');
    await store.delete(key);
    await store.delete(key);
    expect(await store.size(key)).toBeUndefined();
    await expect(buffer(store.read(key))).rejects.toThrow();
  });

  it('lists what it holds', async () => {
    const keys = [`pbs/${uuid()}/card.webp`, `avatars/${uuid()}.webp`];
    for (const key of keys) await store.put(key, Buffer.from(key), 'image/webp');
    const listed: string[] = [];
    for await (const object of store.list()) {
      listed.push(object.key);
      expect(object.modifiedAt).toBeGreaterThan(Date.now() - 60 * 60 * 1000);
    }
    expect(listed).toEqual(expect.arrayContaining(keys));
  });

  it('gives URLs it can take back to keys, and no key for anyone else’s URL', () => {
    const key = `pbs/${uuid()}/full.webp`;
    expect(store.keyOf(store.url(key))).toBe(key);
    expect(store.keyOf('https://elsewhere.example/x.webp')).toBeUndefined();
  });

  it('refuses keys of any other shape', async () => {
    await expect(store.put('../escape.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(
      /unsafe storage key/,
    );
    expect(() => store.read('Avatars/UPPER.webp')).toThrow(/unsafe storage key/);
  });

  it('sweeps old objects no row points at and keeps the rest', async () => {
    const kept = `pbs/${uuid()}/full.webp`;
    const orphan = `pbs/${uuid()}/full.webp`;
    await store.put(kept, Buffer.from('kept'), 'image/webp');
    await store.put(orphan, Buffer.from('orphan'), 'image/webp');
    const referenced = new Set<string>();
    for await (const object of store.list()) if (object.key !== orphan) referenced.add(object.key);

    // Nothing is old enough yet: an upload in flight writes files before its row.
    expect(await sweepOrphanMedia(store, referenced)).toBe(0);
    const later = Date.now() + 60 * 60 * 1000;
    expect(await sweepOrphanMedia(store, referenced, { now: later })).toBe(1);
    expect(await store.size(orphan)).toBeUndefined();
    expect(await store.size(kept)).toBe(4);
  });
});

describe('S3 media URLs', () => {
  it('point at MEDIA_PUBLIC_URL when it is set, else at /media', () => {
    const cdn = new S3Storage(peer.config('contract-media', 'https://cdn.example.com/m/'));
    expect(cdn.url('avatars/a.webp')).toBe('https://cdn.example.com/m/avatars/a.webp');
    expect(cdn.keyOf('https://cdn.example.com/m/avatars/a.webp')).toBe('avatars/a.webp');
    expect(cdn.keyOf('/media/avatars/a.webp')).toBeUndefined();
    const bare = new S3Storage(peer.config('contract-media'));
    expect(bare.url('avatars/a.webp')).toBe('/media/avatars/a.webp');
  });
});
