/** The job that makes a PB video's rendition (video-job.ts runs it). */
export const VIDEO_JOB = 'video.process';

export interface VideoJobPayload {
  userId: string;
  recordId: string;
  /** The upload the job works on: a record whose media was replaced since is left alone. */
  originalKey: string;
}

/**
 * A rendition's key: a folder of its own beside the poster, new for every run, so a run that
 * loses the race to publish can delete its file without touching the one that won, and a URL
 * cached forever is never given other bytes.
 */
const RENDITION_KEY = /^pbs\/[a-z0-9-]+\/r-[0-9a-f]{16}\/video\.mp4$/;

export function isRenditionKey(key: string): boolean {
  return RENDITION_KEY.test(key);
}
