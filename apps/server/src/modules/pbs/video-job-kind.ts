/** The job that makes a PB video's rendition (video-job.ts runs it). */
export const VIDEO_JOB = 'video.process';

export interface VideoJobPayload {
  userId: string;
  recordId: string;
  /** The upload the job works on: a record whose media was replaced since is left alone. */
  originalKey: string;
}
