import { LocalStorage } from './local-storage.js';
import type { S3Storage, S3StorageConfig } from './s3-storage.js';

export type AppStorage = LocalStorage | S3Storage;

export type StorageConfig = { kind: 'local' } | ({ kind: 's3' } & S3StorageConfig);

/**
 * The media store the configuration names: local disk by default, an S3 bucket when set. The
 * AWS SDK is loaded only for a bucket, so a single-machine install never pays its start-up time.
 */
export async function createStorage(config: {
  storage: StorageConfig;
  dataDir: string;
}): Promise<AppStorage> {
  if (config.storage.kind === 'local') return new LocalStorage(config.dataDir);
  const { S3Storage } = await import('./s3-storage.js');
  return new S3Storage(config.storage);
}
