import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { preferredEncoding, prepareAnswer } from './prepared-answer.js';

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
    ['deflate', undefined],
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
