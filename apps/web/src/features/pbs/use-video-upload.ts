import { useEffect, useRef } from 'react';

import { uploadResumably } from '@/lib/resumable-upload';
import { mightPrepare, prepareVideo } from './video-prep';

/** Where the video's way to the server shows on the form (use-upload-progress.ts). */
export interface VideoUploadDisplay {
  prepare: (percent: number) => void;
  report: (percent: number) => void;
  lost: () => void;
  resumed: () => void;
}

/** One picked video and how far it got: prepared, then uploaded. */
interface Sent {
  picked: File;
  prepared?: File;
  uploadId?: string;
}

/**
 * A picked video's way to the server ahead of its save: made smaller on the device where the
 * browser can, then sent resumably (lib/resumable-upload.ts). What is done is kept for the same
 * pick, so a save refused for a field, or whose answer was lost, does not send the video again.
 */
export function useVideoUpload(display: VideoUploadDisplay) {
  const running = useRef<AbortController | null>(null);
  const sent = useRef<Sent | null>(null);

  // Leaving the form stops the work: the upload would otherwise wait out drops unseen, forever.
  useEffect(
    () => () => {
      running.current?.abort();
    },
    [],
  );

  /** The id of the video's finished upload; rejects with an AbortError when stopped. */
  async function upload(picked: File, userId: string): Promise<string> {
    if (sent.current?.picked !== picked) sent.current = { picked };
    const entry = sent.current;
    if (entry.uploadId) return entry.uploadId;
    const controller = new AbortController();
    running.current = controller;
    const { signal } = controller;
    try {
      if (!entry.prepared) {
        if (mightPrepare(picked)) display.prepare(0);
        entry.prepared = await prepareVideo(picked, { onProgress: display.prepare, signal });
      }
      const { uploadId } = await uploadResumably(entry.prepared, {
        userId,
        signal,
        preparedFrom: entry.prepared === picked ? undefined : picked,
        onProgress: display.report,
        onConnectionLost: display.lost,
        onResumed: display.resumed,
      });
      entry.uploadId = uploadId;
      return uploadId;
    } finally {
      if (running.current === controller) running.current = null;
    }
  }

  return {
    upload,
    /** Stops the preparation or upload under way: its save rejects with an AbortError. */
    cancel: () => {
      running.current?.abort();
    },
    /** The server no longer takes the kept upload: the next save sends the video again. */
    forget: () => {
      if (sent.current) sent.current.uploadId = undefined;
    },
  };
}
