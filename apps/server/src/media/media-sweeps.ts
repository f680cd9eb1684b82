import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.js';
import { sweepOrphanMedia } from '../storage/orphan-sweep.js';
import type { Storage } from '../storage/storage.js';
import { referencedMediaKeys } from './media-references.js';
import {
  STALE_UPLOAD_MS,
  STARTUP_STALE_UPLOAD_MS,
  sweepStaleUploads,
  uploadTmpDir,
} from './stale-uploads.js';

export interface MediaSweepDeps {
  dataDir: string;
  /** The media store (local disk or a bucket). */
  storage: Storage;
  db: Kysely<DatabaseSchema>;
  log: FastifyBaseLogger;
}

/**
 * Clears what crashes leave on the data disk, at start and then hourly: temp uploads nobody
 * writes any more, and stored media no row points at. Returns a function that stops the timer.
 */
export function startMediaSweeps(deps: MediaSweepDeps): () => void {
  const run = (tmpMaxAgeMs: number) => {
    sweepOnce(deps, tmpMaxAgeMs).catch((err: unknown) => {
      deps.log.warn({ err }, 'could not sweep temp uploads or orphan media');
    });
  };
  // At start no upload of this process exists yet, so a temp file that has not moved for a
  // minute is a crash's; the hourly pass keeps the safe age for other processes on DATA_DIR.
  run(STARTUP_STALE_UPLOAD_MS);
  const timer = setInterval(() => {
    run(STALE_UPLOAD_MS);
  }, STALE_UPLOAD_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
  };
}

async function sweepOnce(deps: MediaSweepDeps, tmpMaxAgeMs: number): Promise<void> {
  const temp = await sweepStaleUploads(uploadTmpDir(deps.dataDir), { maxAgeMs: tmpMaxAgeMs });
  if (temp > 0) deps.log.info({ removed: temp }, 'removed abandoned temp uploads');
  const orphans = await sweepOrphanMedia(deps.storage, await referencedMediaKeys(deps.db));
  if (orphans > 0) deps.log.info({ removed: orphans }, 'removed orphan media files');
}
