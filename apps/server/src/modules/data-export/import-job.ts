import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../../errors/app-error.js';
import type { JobDefinition } from '../../jobs/jobs.js';
import type { UploadSlots } from '../../media/upload-limiter.js';
import type { Storage } from '../../storage/storage.js';
import { IMPORT_BROKE_MESSAGE } from './import-checks.js';
import type { DataImporter } from './importer.js';
import type { ImportsRepository } from './imports-repository.js';

export const DATA_IMPORT_JOB = 'data-import';

export interface DataImportJobPayload {
  importId: string;
  userId: string;
  archiveKey: string;
}

export interface DataImportJobDeps {
  importer: DataImporter;
  imports: ImportsRepository;
  storage: Storage;
  /** The same per-account upload slots the upload routes take. */
  slots: UploadSlots;
  /** Where the archive is copied for yauzl, which reads local files only. */
  tmpDir: string;
  log?: { warn: (details: object, message: string) => void };
}

/** Room for a full 1 GB archive of photos on two busy cores; a job cut short runs again. */
const DATA_IMPORT_TIMEOUT_MS = 30 * 60_000;
/** Retries cover a crash and an account whose two upload slots stay busy for a while. */
export const DATA_IMPORT_ATTEMPTS = 5;

/**
 * Runs an accepted import: takes one of the account's upload slots for its whole length (so an
 * import and uploads together never exceed what uploads alone may), copies the archive from the
 * media store, and has the importer bring it in. A refusal (an AppError: the archive's fault or
 * the account's) ends the import as failed with its message and is not retried; anything else
 * is retried, and the import fails with a general message once the job is parked. The archive
 * leaves the store when the import ends either way. Idempotent: an import that already ended
 * is left alone, and the importer's transaction ends it, so a retry after a commit does nothing.
 */
export function dataImportJob(deps: DataImportJobDeps): JobDefinition<DataImportJobPayload> {
  const dropArchive = async (key: string) => {
    await deps.storage.delete(key).catch((err: unknown) => {
      deps.log?.warn({ err, key }, 'could not delete an import archive');
    });
  };
  return {
    kind: DATA_IMPORT_JOB,
    maxAttempts: DATA_IMPORT_ATTEMPTS,
    timeoutMs: DATA_IMPORT_TIMEOUT_MS,
    async run({ importId, userId, archiveKey }, { attempt, signal }) {
      const row = await deps.imports.find(importId);
      if (!row || row.status === 'done' || row.status === 'failed') {
        await dropArchive(archiveKey);
        return;
      }
      let release: () => void;
      try {
        release = await deps.slots.acquire(userId);
      } catch (err) {
        // Busy slots are the account's own uploads: wait for them (the job's backoff) a while.
        if (!(err instanceof AppError) || attempt < DATA_IMPORT_ATTEMPTS) throw err;
        await deps.imports.fail(importId, err.message);
        await dropArchive(archiveKey);
        return;
      }
      await mkdir(deps.tmpDir, { recursive: true });
      const local = join(deps.tmpDir, `${randomUUID()}.upload`);
      let refusal: AppError | undefined;
      try {
        await deps.imports.markRunning(importId);
        await pipeline(deps.storage.read(archiveKey), createWriteStream(local), { signal });
        await deps.importer.run(userId, importId, local, signal);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        refusal = err;
      } finally {
        release();
        await rm(local, { force: true });
      }
      await dropArchive(archiveKey);
      // Last, so a client that sees the import failed finds nothing of it left on disk.
      if (refusal) await deps.imports.fail(importId, refusal.message);
    },
    async parked({ importId, archiveKey }) {
      await deps.imports.fail(importId, IMPORT_BROKE_MESSAGE);
      await dropArchive(archiveKey);
    },
  };
}
