import { AsyncLocalStorage } from 'node:async_hooks';
import { UPLOAD_EXPIRY_MS } from '@pbshare/shared';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import type { UploadSlots } from '../../media/upload-limiter.js';
import type { Storage } from '../../storage/storage.js';
import { PieceStore } from './piece-store.js';
import { UploadsRepository } from './repository.js';
import { UploadsService } from './service.js';
import { UploadPieces } from './upload-pieces.js';

export interface Uploads {
  service: UploadsService;
  store: PieceStore;
  caller: AsyncLocalStorage<string>;
}

export interface UploadsInputs {
  db: Kysely<DatabaseSchema>;
  storage: Storage;
  /** Where a PATCH body is written before it becomes a piece in the store. */
  tmpDir: string;
  slots: UploadSlots;
  assertStorageLeft: (userId: string) => Promise<void>;
  onStored?: (bytes: number) => void;
  now?: () => number;
}

/** The resumable-upload service and the tus store, sharing one repository and one clock. */
export function createUploads(inputs: UploadsInputs): Uploads {
  const now = inputs.now ?? Date.now;
  const repository = new UploadsRepository(inputs.db);
  const pieces = new UploadPieces(inputs.storage, inputs.tmpDir);
  const caller = new AsyncLocalStorage<string>();
  const store = new PieceStore({
    repository,
    pieces,
    caller: () => {
      const userId = caller.getStore();
      if (!userId) throw new Error('an upload was created outside a signed-in request');
      return userId;
    },
    expiryMs: UPLOAD_EXPIRY_MS,
    now,
    ...(inputs.onStored && { onStored: inputs.onStored }),
  });
  const service = new UploadsService({
    repository,
    pieces,
    slots: inputs.slots,
    assertStorageLeft: inputs.assertStorageLeft,
    now,
  });
  return { service, store, caller };
}
