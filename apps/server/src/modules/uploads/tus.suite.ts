import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PersonalBest } from '@pbshare/shared';
import { MEDIA_MESSAGES, VIDEO_MAX_BYTES } from '@pbshare/shared';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { bearer, grantProByHand, newSignedInUser, type SignedIn } from '../../test/accounts.js';
import { formData } from '../../test/form-data.js';
import { weightFields } from '../../test/pbs.js';
import type { TestApp } from '../../test/test-app.js';
import { waitUntil } from '../../test/wait-until.js';
import { uploadTmpDir } from '../../media/stale-uploads.js';
import type { Storage } from '../../storage/storage.js';
import { UploadsRepository } from './repository.js';
import { UploadPieces } from './upload-pieces.js';
import { sweepExpiredUploads } from './upload-sweep.js';

const TUS = { 'tus-resumable': '1.0.0' };

/** A photo of a few hundred KB whose bytes cannot be squeezed (noise), so a cut lands mid-body. */
async function noisePhoto(): Promise<Buffer> {
  const side = 700;
  const raw = Buffer.alloc(side * side * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 + ((i / 3) | 0) * 104729) % 251;
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

/**
 * A PATCH that announces the whole rest of the file, sends `sent` of it and then drops the
 * connection, as a phone losing its signal does.
 */
async function sendThenCut(
  port: number,
  path: string,
  session: SignedIn,
  sent: Buffer,
  announced: number,
): Promise<void> {
  const req = httpRequest({
    port,
    host: '127.0.0.1',
    method: 'PATCH',
    path,
    headers: {
      ...bearer(session),
      ...TUS,
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
      'content-length': String(announced),
    },
  });
  req.on('error', () => undefined);
  await new Promise<void>((resolve) =>
    req.write(sent, () => {
      resolve();
    }),
  );
  // Let the bytes reach the server before the line goes dead.
  await new Promise((resolve) => setTimeout(resolve, 200));
  req.destroy();
}

/**
 * The tus routes, the same on every store: `t` is filled in by the caller's beforeAll, and
 * `storedKeys` lists what the media store holds.
 */
export function tusSuite(t: TestApp, store: () => Storage): void {
  let me: SignedIn;
  let stranger: SignedIn;
  let photo: Buffer;
  let port: number;
  beforeAll(async () => {
    me = await newSignedInUser(t);
    // Pro, so the PBs made from uploads here never meet the free cap.
    await grantProByHand(t.database, me.email);
    stranger = await newSignedInUser(t);
    photo = await noisePhoto();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  const storedKeys = async () => {
    const keys: string[] = [];
    for await (const object of store().list()) keys.push(object.key);
    return keys;
  };

  const create = (session: SignedIn, length: number) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/uploads',
      headers: { ...bearer(session), ...TUS, 'upload-length': String(length) },
    });
  const idOf = (location: string | undefined) => (location ?? '').split('/').pop() ?? '';
  const patch = (session: SignedIn, id: string, offset: number, body: Buffer) =>
    t.app.inject({
      method: 'PATCH',
      url: `/v1/uploads/${id}`,
      headers: {
        ...bearer(session),
        ...TUS,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      payload: body,
    });
  const head = (session: SignedIn, id: string) =>
    t.app.inject({
      method: 'HEAD',
      url: `/v1/uploads/${id}`,
      headers: { ...bearer(session), ...TUS },
    });
  const saveFrom = (session: SignedIn, uploadId: string, title: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/pbs',
      headers: bearer(session),
      payload: formData({ ...weightFields(title), uploadId }, []),
    });
  async function finishedUpload(session: SignedIn): Promise<string> {
    const id = idOf((await create(session, photo.length)).headers.location);
    expect((await patch(session, id, 0, photo)).statusCode).toBe(204);
    return id;
  }

  it('creates an upload with a relative Location and its expiry', async () => {
    const res = await create(me, photo.length);
    expect(res.statusCode).toBe(201);
    expect(res.headers.location).toMatch(/^\/v1\/uploads\/[0-9a-f-]{36}$/);
    expect(res.headers['upload-expires']).toBeTruthy();
    expect(res.headers['tus-resumable']).toBe('1.0.0');
  });

  it('resumes after a cut from the last byte stored, and each byte is received once', async () => {
    const id = idOf((await create(me, photo.length)).headers.location);
    const cutAt = Math.floor(photo.length / 3);
    await sendThenCut(port, `/v1/uploads/${id}`, me, photo.subarray(0, cutAt), photo.length);
    // The server notices the cut and stores what arrived.
    await waitUntil(
      'the cut bytes are stored',
      async () => Number((await head(me, id)).headers['upload-offset']) > 0,
    );
    const offset = Number((await head(me, id)).headers['upload-offset']);
    expect(offset).toBe(cutAt);

    const rest = await patch(me, id, offset, photo.subarray(offset));
    expect(rest.statusCode).toBe(204);
    expect(Number(rest.headers['upload-offset'])).toBe(photo.length);

    const saved = await saveFrom(me, id, 'Resumed squat');
    expect(saved.statusCode).toBe(201);
    const pb = saved.json<{ data: PersonalBest }>().data;
    expect(pb.media.type).toBe('image');
    // The upload's pieces went once the PB held the file.
    expect((await storedKeys()).filter((key) => key.startsWith(`uploads/${id}/`))).toEqual([]);
  });

  it('answers 409 to a PATCH at the wrong offset', async () => {
    const id = idOf((await create(me, photo.length)).headers.location);
    const res = await patch(me, id, 10, photo.subarray(10));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, code: 'CONFLICT', status: 409 });
    expect(Number((await head(me, id)).headers['upload-offset'])).toBe(0);
  });

  it("answers 404 to another account's upload, as to one that does not exist", async () => {
    const id = await finishedUpload(me);
    for (const res of [
      await head(stranger, id),
      await patch(stranger, id, photo.length, Buffer.from('x')),
      await t.app.inject({
        method: 'DELETE',
        url: `/v1/uploads/${id}`,
        headers: { ...bearer(stranger), ...TUS },
      }),
      await saveFrom(stranger, id, 'Not mine'),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    expect((await saveFrom(stranger, id, 'Not mine')).json()).toMatchObject({
      message: 'That upload was not found. Please pick the file again.',
    });
    expect((await head(me, id)).statusCode).toBe(200);
  });

  it('refuses an upload over the video limit with 413 before a byte is sent', async () => {
    const res = await create(me, VIDEO_MAX_BYTES + 1);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: MEDIA_MESSAGES.videoTooLarge,
    });
  });

  it('refuses bytes beyond the declared length with 413', async () => {
    const id = idOf((await create(me, 10)).headers.location);
    const res = await patch(me, id, 0, Buffer.alloc(20));
    expect(res.statusCode).toBe(413);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/uploads',
      headers: { ...TUS, 'upload-length': '10' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('makes a PB from an upload id once; the second use answers 409', async () => {
    const id = await finishedUpload(me);
    expect((await saveFrom(me, id, 'Once')).statusCode).toBe(201);
    const again = await saveFrom(me, id, 'Twice');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'That upload was already used.' });
  });

  it("replaces an edited PB's media with an upload", async () => {
    const first = await saveFrom(me, await finishedUpload(me), 'Edited squat');
    const pb = first.json<{ data: PersonalBest }>().data;
    const id = await finishedUpload(me);
    const edited = await t.app.inject({
      method: 'POST',
      url: '/v1/pbs',
      headers: bearer(me),
      payload: formData(
        { ...weightFields('Edited squat'), isEditMode: 'true', id: pb.id, uploadId: id },
        [],
      ),
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<{ data: PersonalBest }>().data.media.url).not.toBe(pb.media.url);
  });

  it('refuses an unfinished upload for a PB, and keeps it usable after a refused save', async () => {
    const id = idOf((await create(me, photo.length)).headers.location);
    await patch(me, id, 0, photo.subarray(0, 1000));
    const early = await saveFrom(me, id, 'Early');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ message: 'That upload is not finished yet.' });
    await patch(me, id, 1000, photo.subarray(1000));
    const badFields = await t.app.inject({
      method: 'POST',
      url: '/v1/pbs',
      headers: bearer(me),
      payload: formData({ ...weightFields('Bad'), value: 'heavy', uploadId: id }, []),
    });
    expect(badFields.statusCode).toBe(400);
    expect((await saveFrom(me, id, 'Good')).statusCode).toBe(201);
  });

  it('terminates an upload with DELETE', async () => {
    const id = await finishedUpload(me);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/v1/uploads/${id}`,
      headers: { ...bearer(me), ...TUS },
    });
    expect(res.statusCode).toBe(204);
    expect((await head(me, id)).statusCode).toBe(404);
    expect((await storedKeys()).filter((key) => key.startsWith(`uploads/${id}/`))).toEqual([]);
  });

  it('expires after 24 h: refused with 410, then swept with its bytes', async () => {
    const id = idOf((await create(me, photo.length)).headers.location);
    await patch(me, id, 0, photo.subarray(0, 5000));
    expect((await storedKeys()).some((key) => key.startsWith(`uploads/${id}/`))).toBe(true);
    const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000 - 1000).toISOString();
    await t.database.db
      .updateTable('uploads')
      .set({ created_at: dayAgo, expires_at: dayAgo })
      .where('id', '=', id)
      .execute();
    expect((await patch(me, id, 5000, photo.subarray(5000))).statusCode).toBe(410);
    expect((await saveFrom(me, id, 'Too late')).statusCode).toBe(404);

    const swept = await sweepExpiredUploads(
      new UploadsRepository(t.database.db),
      new UploadPieces(store(), uploadTmpDir(t.config.dataDir)),
      Date.now(),
    );
    expect(swept).toBeGreaterThanOrEqual(1);
    expect((await head(me, id)).statusCode).toBe(404);
    expect((await storedKeys()).filter((key) => key.startsWith(`uploads/${id}/`))).toEqual([]);
  });
}
