import { personalBestSchema, type Category, type PersonalBest } from '@pbshare/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { newIdempotencyKey } from '@/lib/idempotency-key';
import {
  uploadWithProgress,
  type UploadProgressListener,
  type UploadResult,
} from '@/lib/upload-with-progress';
import { pbQueryKey, pbsQueryKey } from './pb-keys';

/** A PB's fields in the API's text forms. */
export interface PbTextFields {
  title: string;
  category: Category;
  /** '225 lbs', '15 reps' or 'H:MM:SS'. */
  value: string;
  /** 'YYYY-MM-DD'. */
  date: string;
  /** A whole number, or '' for none. */
  sets: string;
  reps: string;
  story: string;
}

export interface SavePersonalBestInput extends PbTextFields {
  /** The record being edited; absent when adding one. */
  id?: string;
  /** Adding a record to an exercise the user already has. */
  isAdding?: boolean;
  /** The new media, if one was picked (required when adding). */
  file?: File | null;
  /** A video's poster frame, captured in the browser. */
  poster?: Blob | null;
  /** The save's Idempotency-Key; a new one when absent (see `reuseKeyAfter`). */
  idempotencyKey?: string;
}

export interface SavePersonalBestVariables {
  input: SavePersonalBestInput;
  onProgress?: UploadProgressListener;
}

/**
 * POST /pbs as multipart/form-data, reporting upload progress: adds a record, or with an id
 * (isEditMode) updates that record, with or without a new file, under an Idempotency-Key, so a
 * retry of the same save cannot store the PB twice.
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
  form.set('value', input.value);
  form.set('date', input.date);
  form.set('sets', input.sets);
  form.set('reps', input.reps);
  form.set('story', input.story);
  if (input.isAdding) form.set('isAdding', 'true');
  // Text parts first: the server reads them before it streams the file.
  if (input.file) form.set('file', input.file, input.file.name);
  if (input.file && input.poster) form.set('poster', input.poster, 'poster.jpg');
  return uploadWithProgress('/pbs', form, {
    onProgress,
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
