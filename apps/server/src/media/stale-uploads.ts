import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** Where uploads stream to before they are checked and stored (see receive-upload.ts). */
export function uploadTmpDir(dataDir: string): string {
  return join(dataDir, 'tmp', 'uploads');
}

/**
 * An upload still arriving writes to its file every moment; one untouched for this long was
 * left by a process that died mid-upload.
 */
export const STALE_UPLOAD_MS = 60 * 60 * 1000;

/**
 * At start this process is writing no upload, so only another process sharing DATA_DIR could
 * be: a file it has not touched for a minute is a crash's leftover, not an upload in progress.
 */
export const STARTUP_STALE_UPLOAD_MS = 60 * 1000;

/**
 * Deletes temp uploads nobody is writing any more. A request that fails removes its own file, so
 * only a crash (or a kill) leaves one behind; without this sweep they pile up on the data disk.
 * Returns how many files went.
 */
export async function sweepStaleUploads(
  dir: string,
  { maxAgeMs = STALE_UPLOAD_MS, now = Date.now() }: { maxAgeMs?: number; now?: number } = {},
): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith('.upload')) continue;
    const path = join(dir, name);
    try {
      const info = await stat(path);
      if (!info.isFile() || now - info.mtimeMs < maxAgeMs) continue;
      await rm(path, { force: true });
      removed += 1;
    } catch (err) {
      // Gone between readdir and stat: another process swept it, or its request finished.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  return removed;
}
