import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { PersonalBest } from '@pbshare/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { UploadLimiter } from '../../media/upload-limiter.js';
import { bearer, grantProByHand, newSignedInUser, type SignedIn } from '../../test/accounts.js';
import { createPb, jpegWithGps, postPb, storedFiles, weightFields } from '../../test/pbs.js';
import { multipartPieces, paddedFile, rawUpload } from '../../test/raw-upload.js';
import { useTestApp } from '../../test/file-hooks.js';
import { listenLocally } from '../../test/raw-http.js';
import { createTestApp } from '../../test/test-app.js';

const MB = 1024 * 1024;
const t = useTestApp();
let port: number;
beforeAll(async () => {
  port = await listenLocally(t.app);
});

let n = 0;
const fields = () => weightFields(`Limits ${++n}`);
const photo = async () => [{ data: await jpegWithGps(64, 64), contentType: 'image/jpeg' }];

async function setStoredBytes(session: SignedIn, bytes: number) {
  const user = await t.database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', session.email)
    .executeTakeFirstOrThrow();
  await t.database.db
    .updateTable('pb_records')
    .set({ media_bytes: bytes })
    .where('user_id', '=', user.id)
    .execute();
}

describe('uploads per account', () => {
  it('at most two at once: a third is answered 429 while two are still arriving', async () => {
    const me = await newSignedInUser(t);
    const jpeg = await jpegWithGps(64, 64);
    // Two uploads that send half their body and wait; each holds a slot while it arrives.
    const slow = Array.from({ length: 2 }, () => {
      const body = multipartPieces(fields(), [{ pieces: paddedFile(jpeg, 256 * 1024) }]);
      return rawUpload({
        port,
        headers: { ...bearer(me), 'content-type': body.contentType },
        body: body.pieces,
        contentLength: 4 * MB,
        timeoutMs: 1500,
      });
    });
    await new Promise((done) => setTimeout(done, 400));
    const third = await postPb(t.app, me, fields(), await photo());
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({
      success: false,
      code: 'RATE_LIMITED',
      message: 'You can upload 2 files at a time. Please wait for your other uploads to finish.',
    });
    // When the slow clients give up, their slots are free again.
    await Promise.all(slow);
    await expect
      .poll(async () => (await postPb(t.app, me, fields(), await photo())).statusCode, {
        timeout: 3000,
      })
      .toBe(201);
  });

  it('an edit of text alone through the form is not an upload', async () => {
    const limited = await createTestApp(
      {},
      { uploads: new UploadLimiter({ perHour: 1, atOnce: 2 }) },
    );
    try {
      const me = await newSignedInUser(limited);
      const pb = await createPb(limited.app, me);
      const res = await postPb(limited.app, me, {
        ...weightFields('Renamed'),
        isEditMode: 'true',
        id: pb.id,
      });
      expect(res.statusCode).toBe(200);
      const second = await postPb(limited.app, me, fields(), await photo());
      expect(second.statusCode).toBe(429);
      expect(second.headers['retry-after']).toBeDefined();
      expect(second.json()).toMatchObject({
        code: 'RATE_LIMITED',
        message: expect.stringMatching(/^You can upload 1 files an hour/) as string,
      });
    } finally {
      await limited.close();
    }
  });
});

describe('storage quota', () => {
  it('counts what is stored for each record', async () => {
    const me = await newSignedInUser(t);
    const pb: PersonalBest = await createPb(t.app, me);
    const row = await t.database.db
      .selectFrom('pb_records')
      .select('media_bytes')
      .where('id', '=', pb.id)
      .executeTakeFirstOrThrow();
    const onDisk = [pb.media.fullUrl, pb.media.cardUrl ?? '']
      .map((url) => statSync(join(t.config.dataDir, url)).size)
      .reduce((a, b) => a + b, 0);
    expect(row.media_bytes).toBe(onDisk);
  });

  it('a free account that would pass 500 MB is answered 413 and keeps nothing', async () => {
    const me = await newSignedInUser(t);
    await createPb(t.app, me);
    await setStoredBytes(me, 500 * MB - 1024);
    const before = storedFiles(t.config.dataDir).length;
    const res = await postPb(t.app, me, fields(), [
      { data: await jpegWithGps(1600, 1200), contentType: 'image/jpeg' },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'You have used your 500 MB of storage. Delete a PB or upgrade to Pro for more room.',
      issues: [{ field: 'file' }],
    });
    expect(storedFiles(t.config.dataDir)).toHaveLength(before);
  });

  it('a full account is refused before its upload is read', async () => {
    const me = await newSignedInUser(t);
    await createPb(t.app, me);
    await setStoredBytes(me, 500 * MB);
    const body = multipartPieces(fields(), [{ pieces: [Buffer.alloc(64 * 1024)] }]);
    const res = await rawUpload({
      port,
      headers: { ...bearer(me), 'content-type': body.contentType },
      body: body.pieces,
      contentLength: 90 * MB,
    });
    expect(res.status).toBe(413);
    expect(res.closed).toBe(true);
  });

  it('Pro accounts have 10 GB', async () => {
    const me = await newSignedInUser(t);
    await createPb(t.app, me);
    await grantProByHand(t.database, me.email);
    await setStoredBytes(me, 600 * MB);
    expect((await postPb(t.app, me, fields(), await photo())).statusCode).toBe(201);
    // Six records of 2 GB each: a record's own size is a 32-bit integer column.
    for (let i = 0; i < 4; i++) await createPb(t.app, me, fields());
    await setStoredBytes(me, 2_000_000_000);
    const full = await postPb(t.app, me, fields(), await photo());
    expect(full.json()).toMatchObject({
      status: 413,
      message: 'You have used your 10 GB of storage. Delete a PB to make room.',
    });
  });
});
