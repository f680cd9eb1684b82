import { readdir, rm, rmdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * A stored file no row points at is an orphan: left by a crash between writing the file and
 * committing its row, or by a delete that failed. Files younger than this are left alone, since
 * an upload in flight writes its files before the row that points at them commits.
 */
const ORPHAN_GRACE_MS = 15 * 60 * 1000;

/**
 * Deletes files under the local media store (`root`) whose key is not in `referenced` and that
 * are older than the grace period, then the folders that this leaves empty. Returns how many
 * files went.
 */
export async function sweepOrphanMedia(
  root: string,
  referenced: ReadonlySet<string>,
  { graceMs = ORPHAN_GRACE_MS, now = Date.now() }: { graceMs?: number; now?: number } = {},
): Promise<number> {
  const old = (mtimeMs: number) => now - mtimeMs >= graceMs;
  let removed = 0;

  const visit = async (dir: string, prefix: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      const key = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        await visit(path, key);
        await removeIfEmptyAndOld(path, old);
      } else if (entry.isFile() && !referenced.has(key)) {
        try {
          if (!old((await stat(path)).mtimeMs)) continue;
          await rm(path, { force: true });
          removed += 1;
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        }
      }
    }
  };

  await visit(root, '');
  return removed;
}

/** A fresh folder may be about to receive an upload's files, so only old empty ones go. */
async function removeIfEmptyAndOld(dir: string, old: (mtimeMs: number) => boolean) {
  try {
    if (!old((await stat(dir)).mtimeMs)) return;
    await rmdir(dir);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'ENOTEMPTY' && code !== 'EEXIST' && code !== 'ENOENT') throw err;
  }
}
