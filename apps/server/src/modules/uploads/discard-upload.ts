import type { UploadRow, UploadsRepository } from './repository.js';
import type { UploadPieces } from './upload-pieces.js';

/**
 * Deletes an upload: its row first, so nobody resumes it, then its stored pieces. Deleting a
 * missing row or object is no error, so two processes discarding the same upload is harmless.
 */
export async function discardUpload(
  repository: UploadsRepository,
  pieces: UploadPieces,
  upload: Pick<UploadRow, 'id' | 'pieces'>,
): Promise<void> {
  await repository.delete(upload.id);
  await pieces.remove(upload.id, upload.pieces);
}
