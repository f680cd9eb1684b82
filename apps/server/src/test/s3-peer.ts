import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3StorageConfig } from '../storage/s3-storage.js';

export interface S3Peer {
  /** Settings for a bucket of this peer, as the app's S3_* variables would give them. */
  config(bucket: string, publicUrl?: string): S3StorageConfig;
  close(): Promise<void>;
}

/**
 * A real S3 protocol peer (s3rver, files in a temp folder) on a free loopback port, with the
 * given buckets made. The SDK talks to it exactly as to a bucket service, signatures included.
 */
export async function startS3Peer(buckets: string[]): Promise<S3Peer> {
  const directory = mkdtempSync(join(tmpdir(), 'pbshare-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    config: (bucket, publicUrl) => ({
      bucket,
      region: 'us-east-1',
      endpoint,
      // s3rver's fixed development credentials.
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      publicUrl,
    }),
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
