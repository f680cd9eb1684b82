import { isApiError } from '@/lib/api-client';
import { isDomError } from '@/lib/dom-error';
import { errorMessage } from '@/lib/form-errors';
import { uploadResumably } from '@/lib/resumable-upload';
import { savePersonalBest } from '../api/save-personal-best';
import { prepareVideo } from '../video-prep';
import { isTryLater } from './answer-rules';
import type { OutboxEntry, OutboxRefusal } from './outbox-entries';
import { refusesUpload } from './upload-refusal';

const REFUSED_MESSAGE = 'The personal best could not be saved.';

/** How one attempt at an entry ended. */
export type SendOutcome =
  | { kind: 'saved' }
  /** Nothing is known to have changed: the entry waits for the next try (same key). */
  | { kind: 'later'; connectionFailed: boolean }
  /** The server no longer has the video's upload: the next try uploads it again. */
  | { kind: 'uploadGone' }
  | { kind: 'refused'; refusal: OutboxRefusal }
  /** Cancelled on the device. */
  | { kind: 'stopped' };

export interface SendProgress {
  /** Stops the video's preparation or upload. */
  signal: AbortSignal;
  onProgress: (percent: number) => void;
  onConnectionLost: () => void;
  onResumed: () => void;
  /** The video's bytes are all on the server: kept, so a reload does not upload them again. */
  onUploaded: (uploadId: string) => Promise<unknown>;
}

/**
 * One attempt at saving an entry, as the form saves a PB: a photo as the request's file, a video
 * prepared and uploaded resumably first, then named by the save. Always under the entry's own
 * idempotency key, so an attempt whose answer was lost is answered, not saved again.
 */
export async function sendEntry(entry: OutboxEntry, progress: SendProgress): Promise<SendOutcome> {
  let uploadId = entry.uploadId;
  try {
    if (entry.mediaType === 'video') uploadId ??= await uploadVideo(entry, progress);
    await savePersonalBest(
      {
        ...entry.fields,
        file: uploadId ? undefined : entry.file,
        uploadId,
        idempotencyKey: entry.idempotencyKey,
        signal: progress.signal,
      },
      // A video's bytes are already there: the request is the server's processing.
      uploadId ? undefined : progress.onProgress,
    );
    return { kind: 'saved' };
  } catch (error) {
    if (uploadId && refusesUpload(error)) return { kind: 'uploadGone' };
    return outcomeOf(error);
  }
}

async function uploadVideo(entry: OutboxEntry, progress: SendProgress): Promise<string> {
  const { signal } = progress;
  const prepared = await prepareVideo(entry.file, { signal });
  const { uploadId } = await uploadResumably(prepared, {
    userId: entry.userId,
    signal,
    preparedFrom: prepared === entry.file ? undefined : entry.file,
    onProgress: progress.onProgress,
    onConnectionLost: progress.onConnectionLost,
    onResumed: progress.onResumed,
  });
  await progress.onUploaded(uploadId);
  return uploadId;
}

function outcomeOf(error: unknown): SendOutcome {
  if (isDomError(error, 'AbortError')) return { kind: 'stopped' };
  // Not the server's answer (the device's storage, say): nothing says trying again would fail.
  if (!isApiError(error)) return { kind: 'later', connectionFailed: false };
  if (isTryLater(error.status, error.code)) {
    return { kind: 'later', connectionFailed: error.status === 0 };
  }
  return {
    kind: 'refused',
    refusal: { message: errorMessage(error, REFUSED_MESSAGE), code: error.code },
  };
}
