import { OPEN_UPLOADS_PER_ACCOUNT, STORAGE_QUOTA_BYTES } from '@pbshare/shared';
import { Upload } from 'tus-js-client';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { bearer, newSignedInUser } from '../../test/accounts.js';
import { useSignedInUser, useTestApp } from '../../test/file-hooks.js';
import { createPb, weightFields } from '../../test/pbs.js';
import { UploadLimiter } from '../../media/upload-limiter.js';

// Four uploads an hour, so the hourly limit is met quickly.
const t = useTestApp({}, { uploads: new UploadLimiter({ perHour: 4, atOnce: 2 }) });
const me = useSignedInUser(t);
const other = useSignedInUser(t);
const heavy = useSignedInUser(t);

const TUS = { 'tus-resumable': '1.0.0' };
const create = (session: { accessToken: string }, length = 10) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/uploads',
    headers: { ...bearer(session), ...TUS, 'upload-length': String(length) },
  });

describe('resumable uploads count against the account', () => {
  it('keeps the newest unfinished uploads: one more drops the least recently written', async () => {
    const ids: string[] = [];
    for (let i = 0; i <= OPEN_UPLOADS_PER_ACCOUNT; i++) {
      const res = await create(other);
      expect(res.statusCode).toBe(201);
      ids.push(String(res.headers.location).split('/').pop() ?? '');
    }
    const status = async (id: string) =>
      (
        await t.app.inject({
          method: 'HEAD',
          url: `/v1/uploads/${id}`,
          headers: { ...bearer(other), ...TUS },
        })
      ).statusCode;
    expect(await status(ids[0] ?? '')).toBe(404);
    for (const id of ids.slice(1)) expect(await status(id)).toBe(200);
  });

  it('counts each upload against the hourly limit', async () => {
    for (let i = 0; i < 4; i++) expect((await create(me)).statusCode).toBe(201);
    const refused = await create(me);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused.json<{ message: string }>().message).toMatch(/^You can upload 4 files an hour/);
  });

  it('is refused once the stored media fill the quota', async () => {
    await createPb(t.app, heavy, weightFields('Filler'));
    await t.database.db
      .updateTable('pb_records')
      .set({ media_bytes: STORAGE_QUOTA_BYTES.free })
      .execute();
    const res = await create(heavy);
    expect(res.statusCode).toBe(413);
  });
});

describe('tus-js-client, the browser client, against the server', () => {
  it('uploads a file in chunks and resumes it with a new client', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const fresh = await newSignedInUser(t);
    const bytes = Buffer.alloc(300 * 1024, 7);
    const send = (stopAfter: number) =>
      new Promise<string>((resolve, reject) => {
        const upload: Upload = new Upload(bytes, {
          endpoint: `http://127.0.0.1:${port}/v1/uploads`,
          chunkSize: 64 * 1024,
          headers: bearer(fresh),
          fingerprint: () => Promise.resolve('the-same-file'),
          storeFingerprintForResuming: true,
          onChunkComplete: (_chunk: number, accepted: number) => {
            if (accepted >= stopAfter) {
              void upload.abort().then(() => {
                resolve(upload.url ?? '');
              });
            }
          },
          onError: reject,
        });
        upload.start();
      });
    const firstUrl = await send(128 * 1024);
    const head = await t.app.inject({
      method: 'HEAD',
      url: new URL(firstUrl).pathname,
      headers: { ...bearer(fresh), ...TUS },
    });
    const offset = Number(head.headers['upload-offset']);
    expect(offset).toBeGreaterThanOrEqual(128 * 1024);
    expect(offset).toBeLessThan(bytes.length);

    // A second client resumes at the server's offset rather than starting over.
    const resumed = new Upload(bytes, {
      endpoint: `http://127.0.0.1:${port}/v1/uploads`,
      uploadUrl: firstUrl,
      chunkSize: 64 * 1024,
      headers: bearer(fresh),
    });
    const sentFrom = await new Promise<number>((resolve, reject) => {
      let first: number | undefined;
      resumed.options.onProgress = (sent) => {
        first ??= sent;
      };
      resumed.options.onSuccess = () => {
        resolve(first ?? -1);
      };
      resumed.options.onError = reject;
      resumed.start();
    });
    expect(sentFrom).toBeGreaterThanOrEqual(offset);
    const done = await t.app.inject({
      method: 'HEAD',
      url: new URL(firstUrl).pathname,
      headers: { ...bearer(fresh), ...TUS },
    });
    expect(Number(done.headers['upload-offset'])).toBe(bytes.length);
  });
});
