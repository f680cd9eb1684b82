import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { copyFor, preferredEncoding, prepareAnswer } from './prepared-answer.js';

describe('prepareAnswer', () => {
  it('keeps the body, a gzip and a brotli copy of it, and one ETag for all', async () => {
    const body = JSON.stringify({ words: 'a public profile '.repeat(100) });
    const answer = await prepareAnswer(body, 1024);
    expect(answer.identity.toString()).toBe(body);
    expect(gunzipSync(answer.gzip ?? Buffer.alloc(0)).toString()).toBe(body);
    expect(brotliDecompressSync(answer.br ?? Buffer.alloc(0)).toString()).toBe(body);
    expect(answer.etag).toMatch(/^"[\w-]+"$/);
    expect((await prepareAnswer(body, 1024)).etag).toBe(answer.etag);
    expect((await prepareAnswer(`${body} `, 1024)).etag).not.toBe(answer.etag);
    expect(answer.bytes).toBe(
      answer.identity.length + (answer.gzip?.length ?? 0) + (answer.br?.length ?? 0),
    );
  });

  it('leaves a body under the threshold uncompressed', async () => {
    const answer = await prepareAnswer('{"small":true}', 1024);
    expect(answer.gzip).toBeUndefined();
    expect(answer.br).toBeUndefined();
    expect(answer.bytes).toBe(14);
  });
});

describe('preferredEncoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['deflate', 'deflate'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['*', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['GZIP, BR', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
  ] as const)('%s: %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});

describe('copyFor', () => {
  const json = { contentType: 'application/json', cacheControl: 'public, max-age=15', etag: true };
  const plain = { ifNoneMatch: undefined, acceptEncoding: undefined };

  it('sends the copy the request prefers, with its encoding named and Vary on every copy', async () => {
    const answer = await prepareAnswer('{"x":"' + 'y'.repeat(2000) + '"}', 1024);
    const br = copyFor(answer, json, { ...plain, acceptEncoding: 'gzip, deflate, br' });
    expect(br).toMatchObject({ status: 200, body: answer.br, compressedPerAnswer: false });
    expect(br.headers).toEqual({
      etag: answer.etag,
      'cache-control': 'public, max-age=15',
      vary: 'accept-encoding',
      'content-type': 'application/json',
      'content-encoding': 'br',
    });
    expect(copyFor(answer, json, { ...plain, acceptEncoding: 'gzip' }).body).toBe(answer.gzip);
    const identity = copyFor(answer, json, plain);
    expect(identity.body).toBe(answer.identity);
    expect(identity.headers['content-encoding']).toBeUndefined();
  });

  it('answers a matching If-None-Match with a bodiless 304, and ignores it without an ETag', async () => {
    const answer = await prepareAnswer('{"small":true}', 1024);
    const notModified = copyFor(answer, json, { ...plain, ifNoneMatch: answer.etag });
    expect(notModified.status).toBe(304);
    expect(notModified.body).toBeUndefined();
    expect(notModified.headers['content-type']).toBeUndefined();
    const page = { ...json, etag: false };
    const full = copyFor(answer, page, { ...plain, ifNoneMatch: answer.etag });
    expect(full).toMatchObject({ status: 200, body: answer.identity });
    expect(full.headers.etag).toBeUndefined();
  });

  it('leaves a deflate-only client to per-answer compression', async () => {
    const answer = await prepareAnswer('{"x":"' + 'y'.repeat(2000) + '"}', 1024);
    const copy = copyFor(answer, json, { ...plain, acceptEncoding: 'deflate' });
    expect(copy).toMatchObject({ status: 200, body: answer.identity, compressedPerAnswer: true });
  });
});
