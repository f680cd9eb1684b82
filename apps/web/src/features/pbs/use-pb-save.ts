import { PB_MESSAGES, type PbInput, type PersonalBest } from '@pbshare/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type BaseSyntheticEvent, type RefObject } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { useNavigate } from 'react-router';

import { toast } from '@/components/ui/toaster';
import { isApiError } from '@/lib/api-client';
import { isDomError } from '@/lib/dom-error';
import { applyFieldErrors, errorMessage } from '@/lib/form-errors';
import { newIdempotencyKey, reuseKeyAfter } from '@/lib/idempotency-key';
import { useAuth } from '@/features/auth';
import { getPersonalBests } from './api/get-personal-bests';
import { pbsQueryKey } from './api/pb-keys';
import { toPbTextFields, useSavePersonalBest, type PbTextFields } from './api/save-personal-best';
import { useUpdatePersonalBest } from './api/update-personal-best';
import type { MediaFieldHandle } from './components/media-field';
import { clearPbDraft } from './draft/pb-draft';
import type { PbFormApi, PbFormValues } from './pb-form-values';
import { verdictOnNewRecord, type RecordVerdict } from './record-verdict';
import type { MediaChoice } from './use-media-choice';
import { useNotBestQuestion } from './use-not-best-question';
import { useUploadProgress } from './use-upload-progress';
import { useVideoUpload } from './use-video-upload';
import { pendingDeletes } from './pending-deletes';
import { keepOnDevice } from './outbox/keep-on-device';
import { refusesUpload } from './outbox/upload-refusal';
import type { UploadView } from './components/pb-form-footer';

const SAVE_FAILED_MESSAGE = 'Failed to save personal best. Please try again.';
const PB_FIELDS = ['title', 'category', 'value', 'date', 'sets', 'reps', 'story'] as const;
/** The fields in the order the form shows them, for focusing the first one with a problem. */
const FIELD_ORDER = ['category', 'title', 'value', 'sets', 'reps', 'date', 'story'] as const;

export interface PbSaveOptions {
  mode: 'add' | 'edit';
  /** The record being edited. */
  recordId: string | undefined;
  form: PbFormApi;
  media: MediaChoice;
  mediaRef: RefObject<MediaFieldHandle | null>;
  /** The user's exercises, once loaded: a new record is judged against them. */
  exercises: PersonalBest[] | undefined;
}

/**
 * Saving the PB form (docs/PRODUCT.md §2 to §5): checks the media, asks before a record below the
 * best, sends it with its upload progress and an idempotency key kept across uncertain retries,
 * and puts a refusal on the fields, the media or the free-limit dialog. A video goes ahead of the
 * save, prepared on the device and uploaded resumably; the save then names its upload. With no
 * network, a new PB is kept in the outbox (outbox/) and sent from there later.
 */
export function usePbSave({ mode, recordId, form, media, mediaRef, exercises }: PbSaveOptions) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user, token } = useAuth();
  const save = useSavePersonalBest();
  const update = useUpdatePersonalBest();
  const progress = useUploadProgress();
  const video = useVideoUpload(progress);
  // Kept across attempts whose outcome is unknown, so a retry cannot save the PB twice.
  const saveKey = useRef<string | undefined>(undefined);
  const [limitOpen, setLimitOpen] = useState(false);
  // Set by a save that could not start (missing or invalid fields): the summary then shows.
  const [attempted, setAttempted] = useState(false);
  const notBest = useNotBestQuestion();
  const { isSubmitting } = form.formState;
  const focusAfterSubmit = useAfterSubmit(isSubmitting);

  function focusFirstProblem(fieldErrors: FieldErrors<PbFormValues>, mediaMissing: boolean) {
    const unit = form.getValues('unit');
    focusAfterSubmit(() => {
      if (mediaMissing) {
        mediaRef.current?.focus();
        return;
      }
      const first = FIELD_ORDER.find((name) => fieldErrors[name]);
      if (first === 'value') form.setFocus(unit === 'duration' ? 'hours' : 'amount');
      else if (first) form.setFocus(first);
    });
  }

  function requireMedia() {
    media.setError(PB_MESSAGES.mediaRequired);
    toast.error('Media required', { description: PB_MESSAGES.mediaRequired });
  }

  function onInvalid(fieldErrors: FieldErrors<PbFormValues>) {
    setAttempted(true);
    if (media.value.kind === 'none') requireMedia();
    focusFirstProblem(fieldErrors, media.value.kind === 'none');
  }

  /** How a new record stands against its exercise (docs/PRODUCT.md §3); edits are not judged. */
  async function verdictOn(values: PbInput): Promise<RecordVerdict> {
    if (mode !== 'add') return { kind: 'first' };
    // The list is usually cached; if it cannot be had, the record saves without a question.
    const list =
      exercises ??
      (await queryClient
        .query({ queryKey: pbsQueryKey, queryFn: ({ signal }) => getPersonalBests(signal) })
        .catch(() => []));
    return verdictOnNewRecord(list, values);
  }

  /**
   * An edit that keeps its media is a JSON update; anything else uploads, with its key: a photo
   * as the request's file, a video ahead of it (the request then names the upload).
   */
  async function send(fields: PbTextFields, userId: string) {
    if (mode === 'edit' && recordId && media.value.kind === 'uploaded') {
      const saved = await update.mutateAsync({ id: recordId, ...fields });
      return { saved, message: PB_MESSAGES.updated };
    }
    saveKey.current ??= newIdempotencyKey();
    const picked = media.value.kind === 'selected' ? media.value : undefined;
    const uploadId = picked?.type === 'video' ? await video.upload(picked.file, userId) : undefined;
    // A delete still waiting for its Undo counts against the free limit until the server has it.
    if (mode === 'add') await pendingDeletes.sendAll();
    try {
      const result = await save.mutateAsync({
        input: {
          ...fields,
          id: mode === 'edit' ? recordId : undefined,
          file: uploadId ? undefined : picked?.file,
          uploadId,
          idempotencyKey: saveKey.current,
        },
        // A video's bytes are already there: the request is the server's processing (100 %).
        onProgress: uploadId ? undefined : progress.report,
      });
      saveKey.current = undefined;
      return { saved: result.data, message: result.message };
    } catch (error) {
      if (uploadId && refusesUpload(error)) video.forget();
      throw error;
    }
  }

  /** With no network a new PB waits in the outbox, to be sent later; an edit needs the server. */
  async function saveOffline(fields: PbTextFields, userId: string) {
    const picked = media.value.kind === 'selected' ? media.value : undefined;
    if (mode === 'edit' || !picked) {
      toast.error("You're offline", { description: 'Editing a personal best needs a connection.' });
      return;
    }
    await keepOnDevice({ userId, fields, file: picked.file, mediaType: picked.type });
    clearPbDraft();
    toast.success('Saved on this device', { description: "It uploads when you're back online." });
    void navigate('/profile');
  }

  async function onValid(values: PbInput) {
    if (!user || !token) {
      toast.error('Authentication required', {
        description: 'Please sign in to save personal bests',
      });
      return;
    }
    if (media.value.kind === 'none') {
      setAttempted(true);
      requireMedia();
      focusFirstProblem({}, true);
      return;
    }
    setAttempted(false);
    const verdict = await verdictOn(values);
    if (verdict.kind === 'notBest' && !(await notBest.ask(verdict.question))) return;
    const fields = toPbTextFields(values);
    try {
      if (!navigator.onLine) {
        await saveOffline(fields, user.id);
        return;
      }
      const { saved, message } = await send(fields, user.id);
      // Saved: a draft kept for the upgrade round trip has done its work.
      if (mode === 'add') clearPbDraft();
      // A record saved below its best is kept as history: nothing claims a new personal best.
      if (verdict.kind === 'notBest') toast.success(PB_MESSAGES.savedToHistory);
      else {
        toast.success(verdict.kind === 'beats' ? `New PB! ${verdict.change}` : 'Success!', {
          description: message,
        });
      }
      // An edit goes back to its card, open (the profile reads ?open= and clears it).
      void navigate(
        mode === 'edit' ? `/profile?open=${encodeURIComponent(saved.exerciseId)}` : '/profile',
      );
    } catch (error) {
      if (!reuseKeyAfter(error)) saveKey.current = undefined;
      // Stopped on purpose (the preparation's Cancel): nothing was saved, the form stays as it is.
      if (isDomError(error, 'AbortError')) return;
      if (isApiError(error) && error.code === 'FREE_LIMIT_REACHED') {
        setLimitOpen(true);
        return;
      }
      showSaveFailure(error, form, media);
    } finally {
      progress.finish();
    }
  }

  const upload: UploadView = {
    percent: progress.percent,
    processing: progress.processing,
    preparing: progress.preparing,
    connectionLost: progress.connectionLost,
    cancelPreparing: video.cancel,
  };
  return {
    submit: (event: BaseSyntheticEvent) => {
      void form.handleSubmit(onValid, onInvalid)(event);
    },
    // While the lower-record question waits, the save has not started.
    saving: isSubmitting && notBest.question === null,
    upload,
    attempted,
    question: notBest.question,
    answer: notBest.reply,
    limitOpen,
    setLimitOpen,
  };
}

/** Puts a refused save's problems where they belong: on the fields, on the media, in a toast. */
function showSaveFailure(error: unknown, form: PbFormApi, media: MediaChoice) {
  applyFieldErrors(error, form.setError, PB_FIELDS, { CONFLICT: 'title' });
  if (isApiError(error)) {
    const fileIssue = error.issues.find((issue) => issue.field === 'file');
    const mediaRefused =
      error.code === 'UNSUPPORTED_MEDIA_TYPE' || error.code === 'PAYLOAD_TOO_LARGE';
    // A connection lost while a file was being sent is the upload's failure too.
    const uploadLost = error.status === 0 && media.value.kind === 'selected';
    // A video's save names its upload: the upload gone or used means picking the file again.
    const uploadRefused =
      media.value.kind === 'selected' && media.value.type === 'video' && refusesUpload(error);
    if (fileIssue || mediaRefused || uploadLost || uploadRefused) {
      media.setError(fileIssue?.message ?? error.message);
    }
  }
  toast.error('Error saving personal best', {
    description: errorMessage(error, SAVE_FAILED_MESSAGE),
  });
}

/**
 * Runs a focus move once the submission is over: the media controls are disabled while one runs
 * (validation included), so they could not take the focus before.
 */
function useAfterSubmit(isSubmitting: boolean) {
  const pending = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (isSubmitting || !pending.current) return;
    pending.current();
    pending.current = null;
  }, [isSubmitting]);
  return (move: () => void) => {
    pending.current = move;
  };
}
