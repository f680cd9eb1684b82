import { personalBestSchema, type PersonalBest } from '@pbshare/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { newIdempotencyKey } from '@/lib/idempotency-key';
import {
  uploadWithProgress,
  type UploadProgressListener,
  type UploadResult,
} from '@/lib/upload-with-progress';
import { pbQueryKey, pbsQueryKey } from './pb-keys';
import type { PbTextFields } from './pb-text-fields';

export { toPbTextFields, type PbTextFields } from './pb-text-fields';

export interface SavePersonalBestInput extends PbTextFields {
  /** The record being edited; absent when adding one. */
  id?: string;
  /** The new media, if one was picked (required when adding), sent as the request's file part. */
  file?: File | null;
  /** A finished resumable upload of the new media, sent in place of `file` (a video). */
  uploadId?: string;
  /** The save's Idempotency-Key; a new one when absent (see `reuseKeyAfter`). */
  idempotencyKey?: string;
  /** Stops the request (the outbox's Cancel). */
  signal?: AbortSignal;
}

export interface SavePersonalBestVariables {
  input: SavePersonalBestInput;
  onProgress?: UploadProgressListener;
}

/**
 * POST /pbs as multipart/form-data, reporting upload progress: adds a record, or with an id
 * (isEditMode) updates that record, with or without new media (a file, or the id of an upload
 * already on the server), under an Idempotency-Key, so a retry of the same save cannot store the
 * PB twice.
 */
export function savePersonalBest(
  input: SavePersonalBestInput,
  onProgress?: UploadProgressListener,
): Promise<UploadResult<PersonalBest>> {
  const form = new FormData();
  if (input.id) {
    form.set('isEditMode', 'true');
    form.set('id', input.id);
  }
  form.set('title', input.title);
  form.set('category', input.category);
  form.set('amount', input.amount);
  form.set('unit', input.unit);
  form.set('date', input.date);
  form.set('sets', input.sets);
  form.set('reps', input.reps);
  form.set('story', input.story);
  // Text parts first: the server reads them before it streams the file.
  if (input.uploadId) form.set('uploadId', input.uploadId);
  else if (input.file) form.set('file', input.file, input.file.name);
  return uploadWithProgress('/pbs', form, {
    onProgress,
    signal: input.signal,
    idempotencyKey: input.idempotencyKey ?? newIdempotencyKey(),
    parse: (data) => personalBestSchema.parse(data),
  });
}

/** Saves a PB through the upload call and refreshes every cached PB answer. */
export function useSavePersonalBest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, onProgress }: SavePersonalBestVariables) =>
      savePersonalBest(input, onProgress),
    onSuccess: async ({ data }) => {
      queryClient.setQueryData(pbQueryKey(data.id), data);
      await queryClient.invalidateQueries({ queryKey: pbsQueryKey });
    },
  });
}
