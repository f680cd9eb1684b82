import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { readVideoFacts } from '../../media/video-facts.js';
import type { Storage } from '../../storage/storage.js';
import type { PbsRepository } from './repository.js';

export interface VideoLengthDeps {
  pbs: PbsRepository;
  storage: Storage;
  tmpDir: string;
  log: { info: (details: object, message: string) => void };
}

const PAGE = 100;

/**
 * Gives a length to every video kept with its original but stored before lengths were, read from
 * the original's samples as an upload reads them. Videos with no original yet get theirs from the
 * video job the backfill queues. Safe to run again and to stop at any point: a record is written
 * only while it has no length and still holds the original that was measured.
 */
export async function measureVideoLengths(deps: VideoLengthDeps): Promise<{ measured: number }> {
  let measured = 0;
  await mkdir(deps.tmpDir, { recursive: true });
  let after = '';
  for (;;) {
    const page = await deps.pbs.unmeasuredVideos(after, PAGE);
    if (page.length === 0) return { measured };
    for (const video of page) {
      after = video.id;
      if (await measureOne(deps, video)) measured++;
    }
    deps.log.info({ measured, upTo: after }, 'video lengths: page done');
  }
}

async function measureOne(
  deps: VideoLengthDeps,
  video: { id: string; userId: string; originalKey: string },
): Promise<boolean> {
  const copy = join(deps.tmpDir, `${randomUUID()}.measure`);
  try {
    await pipeline(deps.storage.read(video.originalKey), createWriteStream(copy));
    const mime = video.originalKey.endsWith('.webm') ? 'video/webm' : 'video/mp4';
    const facts = await readVideoFacts(copy, mime);
    if (!facts) return false;
    return await deps.pbs.forUser(video.userId, (tx) =>
      tx.setVideoLength(video.id, video.originalKey, facts.durationSeconds),
    );
  } finally {
    await rm(copy, { force: true });
  }
}
