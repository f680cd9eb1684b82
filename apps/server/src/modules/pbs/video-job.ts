import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { JobDefinition } from '../../jobs/jobs.js';
import type { MadeRendition, VideoProcessor } from '../../media/video/video-processor.js';
import type { Storage } from '../../storage/storage.js';
import type { PbsRepository, RecordRow } from './repository.js';
import { isRenditionKey, VIDEO_JOB, type VideoJobPayload } from './video-job-kind.js';

export interface VideoJobDeps {
  pbs: PbsRepository;
  storage: Storage;
  videos: VideoProcessor;
  /** Where the original is copied for ffmpeg, which reads local files only. */
  tmpDir: string;
  log?: { warn: (details: object, message: string) => void };
}

/** Long enough for a 30 s 4K clip on two busy cores; ffmpeg has its own limit inside it. */
const VIDEO_JOB_TIMEOUT_MS = 10 * 60_000;
const VIDEO_JOB_ATTEMPTS = 3;

/** A new folder for each run's rendition (see isRenditionKey), beside the record's poster. */
function newRenditionKey(record: RecordRow): string {
  const folder = record.media.posterKey?.replace(/\/[^/]+$/, '') ?? `pbs/${randomUUID()}`;
  return `${folder}/r-${randomBytes(8).toString('hex')}/video.mp4`;
}

/**
 * Makes a video's rendition from its private original, stores it and publishes it in place of
 * what the record served until then: its poster (a new upload) or the file as uploaded (a video
 * stored before processing existed, handed over by the backfill). Publishing bumps the owner's
 * profile version, so every cached public answer is stale from that commit. A record deleted or
 * given new media meanwhile, or already published, is left alone. When every attempt fails, a
 * new upload's card says so; a backfilled video keeps being served as it was.
 */
export function videoJob(deps: VideoJobDeps): JobDefinition<VideoJobPayload> {
  return {
    kind: VIDEO_JOB,
    maxAttempts: VIDEO_JOB_ATTEMPTS,
    timeoutMs: VIDEO_JOB_TIMEOUT_MS,
    async run({ userId, recordId, originalKey }, { signal }) {
      const record = await deps.pbs.findRecord(userId, recordId);
      if (!record || !needsRendition(record, originalKey)) return;
      await mkdir(deps.tmpDir, { recursive: true });
      const input = join(deps.tmpDir, `${randomUUID()}.original`);
      let made: MadeRendition | undefined;
      try {
        await pipeline(deps.storage.read(originalKey), createWriteStream(input), { signal });
        made = await deps.videos.rendition(input, signal);
        const key = newRenditionKey(record);
        await deps.storage.putFile(key, made.path, 'video/mp4');
        const done = {
          mediaKey: key,
          width: made.probe.width,
          height: made.probe.height,
          bytes: made.bytes,
          durationSeconds: made.probe.durationSeconds,
        };
        const replaced = await deps.pbs.forUser(userId, (tx) =>
          tx.finishVideo(recordId, originalKey, done),
        );
        // The poster stays (it is the rendition's poster); an old file as uploaded goes. What
        // was replaced is what the record held at publishing, which hiding may have moved.
        const unused = replaced ? replaced.mediaKey : key;
        const kept = replaced ?? record.media;
        if (unused !== kept.posterKey && unused !== kept.cardKey) {
          await deps.storage.delete(unused).catch((err: unknown) => {
            deps.log?.warn({ err, key: unused }, 'could not delete a replaced video file');
          });
        }
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

function needsRendition(record: RecordRow, originalKey: string): boolean {
  const { media } = record;
  return (
    media.type === 'video' &&
    media.originalKey === originalKey &&
    media.status !== 'failed' &&
    !isRenditionKey(media.mediaKey)
  );
}
