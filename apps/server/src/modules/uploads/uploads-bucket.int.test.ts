import { afterAll, beforeAll, describe } from 'vitest';
import { S3Storage } from '../../storage/s3-storage.js';
import { startS3Peer, type S3Peer } from '../../test/s3-peer.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { tusSuite } from './tus.suite.js';

// The fleet's setting: every process shares the bucket, so an upload resumes on any of them.
let peer: S3Peer;
let bucket: S3Storage;
const t = {} as TestApp;
beforeAll(async () => {
  peer = await startS3Peer(['app-media']);
  const config = peer.config('app-media');
  bucket = new S3Storage(config);
  Object.assign(t, await createTestApp({ storage: { kind: 's3', ...config } }));
});
afterAll(async () => {
  await t.close();
  bucket.destroy();
  await peer.close();
});

describe('tus uploads at /v1/uploads, stored in a bucket', () => {
  tusSuite(t, () => bucket);
});
