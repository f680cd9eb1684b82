import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import type { JobDefinition } from '../../jobs/jobs.js';
import { PbMediaStore } from '../../media/pb-media.js';
import type { UploadSlots } from '../../media/upload-limiter.js';
import type { VideoProcessor } from '../../media/video/video-processor.js';
import type { Storage } from '../../storage/storage.js';
import type { UserDirectory } from '../users/index.js';
import { dataImportJob, type DataImportJobPayload } from './import-job.js';
import { DataImporter } from './importer.js';
import { DataExportRepository } from './repository.js';

export interface ImportWorkDeps {
  database: Database;
  storage: Storage;
  videos: VideoProcessor;
  users: UserDirectory;
  slots: UploadSlots;
  tmpDir: string;
  log: FastifyBaseLogger;
}

/** The data-import job with everything it needs, as the job runners (web or worker) build it. */
export function importWork(deps: ImportWorkDeps): JobDefinition<DataImportJobPayload> {
  const data = new DataExportRepository(deps.database);
  const importer = new DataImporter({
    data,
    imports: data.imports,
    users: deps.users,
    media: new PbMediaStore(deps.storage, deps.videos),
    storage: deps.storage,
    log: deps.log,
    tmpDir: deps.tmpDir,
  });
  return dataImportJob({
    importer,
    imports: data.imports,
    storage: deps.storage,
    slots: deps.slots,
    tmpDir: deps.tmpDir,
    log: deps.log,
  });
}
