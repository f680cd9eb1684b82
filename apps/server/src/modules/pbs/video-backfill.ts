import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, rm } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { extname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { blankLocation } from '../../media/video/blank-location.js';
import { originalKeyOf, type Storage } from '../../storage/storage.js';
import type { PbsRepository } from './repository.js';

export interface BackfillDeps {
  pbs: PbsRepository;
  storage: Storage;
  tmpDir: string;
  log: { info: (details: object, message: string) => void };
}

export interface BackfillResult {
  queued: number;
  /** Files whose location was blanked in place. */
  blanked: number;
}

const PAGE = 100;
const CONTENT_TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.mov': 'video/quicktime',
  '.webm': 'video/webm',
};

/**
 * Hands every video stored before processing existed to the video job. Each one's served file
 * first has its location blanked in place (it is served until the rendition replaces it), then
 * a copy becomes its private original and the job is queued with it, in one transaction. Safe
 * to run again and to stop at any point: a record that has an original is never taken twice,
 * and a copy left by a run cut short is removed by the orphan sweep.
 */
export async function backfillVideos(deps: BackfillDeps): Promise<BackfillResult> {
  const result: BackfillResult = { queued: 0, blanked: 0 };
  await mkdir(deps.tmpDir, { recursive: true });
  let after = '';
  for (;;) {
    const page = await deps.pbs.legacyVideos(after, PAGE);
    if (page.length === 0) return result;
    for (const video of page) {
      after = video.id;
      const outcome = await backfillOne(deps, video);
      if (outcome.blanked) result.blanked++;
      if (outcome.queued) result.queued++;
    }
    deps.log.info({ ...result, upTo: after }, 'video backfill: page done');
  }
}

async function backfillOne(
  deps: BackfillDeps,
  video: { id: string; userId: string; mediaKey: string },
): Promise<{ blanked: boolean; queued: boolean }> {
  const ext = extname(video.mediaKey);
  const served = join(deps.tmpDir, `${randomUUID()}.backfill`);
  const copy = `${served}.original`;
  try {
    await pipeline(deps.storage.read(video.mediaKey), createWriteStream(served));
    const blanked = ext !== '.webm' && (await blankLocation(served));
    await copyFile(served, copy);
    const contentType = CONTENT_TYPES[ext] ?? 'application/octet-stream';
    if (blanked) await deps.storage.putFile(video.mediaKey, served, contentType);
    const originalKey = originalKeyOf(randomUUID(), ext.slice(1) || 'mp4');
    await deps.storage.putFile(originalKey, copy, contentType);
    const queued = await deps.pbs.forUser(video.userId, (tx) =>
      tx.startBackfill(video.id, originalKey),
    );
    if (!queued) await deps.storage.delete(originalKey);
    return { blanked, queued };
  } finally {
    await rm(served, { force: true });
    await rm(copy, { force: true });
  }
}
