import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { JobDefinition } from '../../jobs/jobs.js';
import type { MadeRendition, VideoProcessor } from '../../media/video/video-processor.js';
import type { Storage } from '../../storage/storage.js';
import type { PbsRepository } from './repository.js';
import { VIDEO_JOB, type VideoJobPayload } from './video-job-kind.js';

export interface VideoJobDeps {
  pbs: PbsRepository;
  storage: Storage;
  videos: VideoProcessor;
  /** Where the original is copied for ffmpeg, which reads local files only. */
  tmpDir: string;
}

/** Long enough for a 30 s 4K clip on two busy cores; ffmpeg has its own limit inside it. */
const VIDEO_JOB_TIMEOUT_MS = 10 * 60_000;
const VIDEO_JOB_ATTEMPTS = 3;

/**
 * Makes a processing video's rendition from its private original, stores it beside the poster
 * and publishes it by marking the record ready (which bumps the owner's profile version, so
 * every cached public answer is stale from that commit). A record deleted or given new media
 * meanwhile is left alone. When every attempt fails, the owner's card says so.
 */
export function videoJob(deps: VideoJobDeps): JobDefinition<VideoJobPayload> {
  return {
    kind: VIDEO_JOB,
    maxAttempts: VIDEO_JOB_ATTEMPTS,
    timeoutMs: VIDEO_JOB_TIMEOUT_MS,
    async run({ userId, recordId, originalKey }, { signal }) {
      const record = await deps.pbs.findRecord(userId, recordId);
      const media = record?.media;
      if (media?.originalKey !== originalKey || media.status !== 'processing') return;
      await mkdir(deps.tmpDir, { recursive: true });
      const input = join(deps.tmpDir, `${randomUUID()}.original`);
      let made: MadeRendition | undefined;
      try {
        await pipeline(deps.storage.read(originalKey), createWriteStream(input), { signal });
        made = await deps.videos.rendition(input, signal);
        const key = `${dirname(media.mediaKey)}/video.mp4`;
        await deps.storage.putFile(key, made.path, 'video/mp4');
        const done = {
          mediaKey: key,
          width: made.probe.width,
          height: made.probe.height,
          bytes: made.bytes,
        };
        const published = await deps.pbs.forUser(userId, (tx) =>
          tx.finishVideo(recordId, originalKey, done),
        );
        if (!published) await deps.storage.delete(key);
      } finally {
        await rm(input, { force: true });
        if (made) await rm(made.path, { force: true });
      }
    },
    async parked({ userId, recordId, originalKey }) {
      await deps.pbs.forUser(userId, (tx) => tx.failVideo(recordId, originalKey));
    },
  };
}
