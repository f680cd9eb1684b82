import type { Config } from '../config.js';
import { LocalStorage } from './local-storage.js';
import type { S3Storage } from './s3-storage.js';

export type AppStorage = LocalStorage | S3Storage;

/**
 * The media store the configuration names: local disk by default, an S3 bucket when set. The
 * AWS SDK is loaded only for a bucket, so a single-machine install never pays its start-up time.
 */
export async function createStorage(
  config: Pick<Config, 'storage' | 'dataDir'>,
): Promise<AppStorage> {
  if (config.storage.kind === 'local') return new LocalStorage(config.dataDir);
  const { S3Storage } = await import('./s3-storage.js');
  return new S3Storage(config.storage);
}
