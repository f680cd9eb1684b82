import { UPLOAD_EXPIRY_MS } from '@pbshare/shared';
import { UPLOADS_PREFIX, type Storage } from './storage.js';

/**
 * A stored file no row points at is an orphan: left by a crash between writing the file and
 * committing its row, or by a delete that failed. Files younger than this are left alone, since
 * an upload in flight writes its files before the row that points at them commits.
 */
const ORPHAN_GRACE_MS = 15 * 60 * 1000;

/**
 * An upload's pieces have no media row; its own sweep removes them with their upload. One still
 * here a day after the longest an upload lives was left by a crash or a deleted account.
 */
const UPLOAD_PIECE_GRACE_MS = UPLOAD_EXPIRY_MS + 60 * 60 * 1000;

/**
 * Deletes stored objects whose key is not in `referenced` and that are older than the grace
 * period (then, on local disk, the folders this leaves empty). Returns how many objects went.
 * Safe with several instances sweeping at once: a delete of a missing object is no error, and
 * what one instance finds referenced it never deletes.
 */
export async function sweepOrphanMedia(
  storage: Storage & { pruneEmptyFolders?: (isOld: (mtimeMs: number) => boolean) => Promise<void> },
  referenced: ReadonlySet<string>,
  { graceMs = ORPHAN_GRACE_MS, now = Date.now() }: { graceMs?: number; now?: number } = {},
): Promise<number> {
  const isOld = (mtimeMs: number) => now - mtimeMs >= graceMs;
  const isOldPiece = (mtimeMs: number) => now - mtimeMs >= Math.max(graceMs, UPLOAD_PIECE_GRACE_MS);
  let removed = 0;
  for await (const object of storage.list()) {
    if (referenced.has(object.key)) continue;
    const old = object.key.startsWith(UPLOADS_PREFIX) ? isOldPiece : isOld;
    if (!old(object.modifiedAt)) continue;
    await storage.delete(object.key);
    removed += 1;
  }
  await storage.pruneEmptyFolders?.(isOld);
  return removed;
}
