import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import type { Storage } from '../../storage/storage.js';
import { discardUpload } from './discard-upload.js';
import { UploadsRepository } from './repository.js';
import { UploadPieces } from './upload-pieces.js';

const SWEEP_EVERY_MS = 60 * 60_000;

/**
 * Deletes uploads past their expiry, finished or not, with their bytes; returns how many. Safe
 * with several processes sweeping at once: a second delete of a row or an object does nothing.
 */
export async function sweepExpiredUploads(
  repository: UploadsRepository,
  pieces: UploadPieces,
  now: number,
  batch = 100,
): Promise<number> {
  let removed = 0;
  for (;;) {
    const expired = await repository.expired(new Date(now).toISOString(), batch);
    for (const upload of expired) await discardUpload(repository, pieces, upload);
    removed += expired.length;
    if (expired.length < batch) return removed;
  }
}

/** Sweeps expired uploads at start and then hourly. Returns a function that stops the timer. */
export function startUploadSweep(deps: {
  db: Kysely<DatabaseSchema>;
  storage: Storage;
  tmpDir: string;
  log: FastifyBaseLogger;
}): () => void {
  const repository = new UploadsRepository(deps.db);
  const pieces = new UploadPieces(deps.storage, deps.tmpDir);
  const run = () => {
    sweepExpiredUploads(repository, pieces, Date.now()).then(
      (removed) => {
        if (removed > 0) deps.log.info({ removed }, 'removed expired uploads');
      },
      (err: unknown) => {
        deps.log.warn({ err }, 'could not sweep expired uploads');
      },
    );
  };
  run();
  const timer = setInterval(run, SWEEP_EVERY_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
  };
}
