import { zodResolver } from '@hookform/resolvers/zod';
import {
  CATEGORIES,
  defaultUnitFor,
  FREE_LIMIT_TEXT,
  FREE_TIER_PB_LIMIT,
  isCategory,
  PB_STORY_MAX_LENGTH,
  titleKey,
  type PbInput,
  type Unit,
} from '@pbshare/shared';
import { LoaderCircle } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch, type FieldErrors, type UseFormRegisterReturn } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';

import { Button, buttonClasses } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toaster';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { applyFieldErrors, errorMessage } from '@/lib/form-errors';
import { newIdempotencyKey, reuseKeyAfter } from '@/lib/idempotency-key';
import { useAuth } from '@/features/auth';
import { getPersonalBests, usePersonalBests } from '../api/get-personal-bests';
import { pbsQueryKey } from '../api/pb-keys';
import { toPbTextFields, useSavePersonalBest } from '../api/save-personal-best';
import { PB_UPDATED_MESSAGE, useUpdatePersonalBest } from '../api/update-personal-best';
import {
  countFieldsFor,
  EXERCISE_PLACEHOLDERS,
  localTodayIso,
  pbFormSchema,
  type PbFormValues,
} from '../pb-form-values';
import { verdictOnNewRecord, type RecordVerdict } from '../record-verdict';
import { useUploadProgress } from '../use-upload-progress';
import { FreeLimitDialog } from './free-limit-dialog';
import { MediaField, type MediaFieldHandle, type MediaValue } from './media-field';
import { NotBestDialog } from './not-best-dialog';
import { ValueFields } from './value-fields';

export const MEDIA_REQUIRED_MESSAGE = 'Please upload an image or video to save your personal best';
const SAVE_FAILED_MESSAGE = 'Failed to save personal best. Please try again.';
const PB_FIELDS = ['title', 'category', 'value', 'date', 'sets', 'reps', 'story'] as const;
/** The fields in the order the form shows them, for focusing the first one with a problem. */
const FIELD_ORDER = ['category', 'title', 'value', 'sets', 'reps', 'date', 'story'] as const;

/** Why a save did not start, said beside the button: a greyed-out button explains nothing. */
export function saveBlockedSummary(mediaMissing: boolean, fieldProblems: boolean) {
  if (mediaMissing && fieldProblems)
    return 'Add a photo or video and fix the fields marked above to save this PB.';
  if (mediaMissing) return 'Add a photo or video to save this PB.';
  if (fieldProblems) return 'Fix the fields marked above to save this PB.';
  return undefined;
}

export interface PbFormProps {
  mode: 'add' | 'edit';
  defaultValues: PbFormValues;
  /** The media already uploaded (edit), if any. */
  initialMedia?: MediaValue;
  /** The record being edited. */
  recordId?: string;
}

/** The add and edit form (docs/PRODUCT.md §2 and §5). */
export function PbForm({
  mode,
  defaultValues,
  initialMedia = { kind: 'none' },
  recordId,
}: PbFormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user, token } = useAuth();
  const save = useSavePersonalBest();
  // Kept across attempts whose outcome is unknown, so a retry cannot save the PB twice.
  const saveKey = useRef<string | undefined>(undefined);
  const update = useUpdatePersonalBest();
  const progress = useUploadProgress();
  const existing = usePersonalBests();
  const datalistId = useId();
  const [media, setMedia] = useState<MediaValue>(initialMedia);
  const [mediaError, setMediaError] = useState<string | undefined>();
  const [readingMedia, setReadingMedia] = useState(false);
  const [limitOpen, setLimitOpen] = useState(false);
  const mediaRef = useRef<MediaFieldHandle>(null);
  // Set by a save that could not start (missing or invalid fields): the summary then shows.
  const [attempted, setAttempted] = useState(false);
  // The lower-record question while it is asked, and how to answer the waiting save.
  const [question, setQuestion] = useState<string | null>(null);
  const answer = useRef<((saveAnyway: boolean) => void) | null>(null);
  const previewUrl = media.kind === 'selected' ? media.previewUrl : undefined;

  // A picked file's preview URL lives until another pick replaces it or the form goes away.
  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );

  const {
    register,
    handleSubmit,
    setError,
    setValue,
    setFocus,
    clearErrors,
    trigger,
    subscribe,
    getFieldState,
    control,
    formState: { errors, isSubmitting },
  } = useForm<PbFormValues, unknown, PbInput>({
    resolver: zodResolver(pbFormSchema),
    defaultValues,
    // The media comes first and is not one of the form's fields: focusFirstProblem decides.
    shouldFocusError: false,
  });
  // The value's problem sits on `value`, which no input is: re-check it as its inputs change, so
  // it (and the summary) go once the value is right, as every other field's do.
  useEffect(
    () =>
      subscribe({
        name: ['unit', 'amount', 'hours', 'minutes', 'seconds'],
        formState: { values: true },
        callback: () => {
          if (getFieldState('value').error) void trigger('value');
        },
      }),
    [subscribe, getFieldState, trigger],
  );
  const category = useWatch({ control, name: 'category' });
  const unit = useWatch({ control, name: 'unit' });
  const title = useWatch({ control, name: 'title' });
  const story = useWatch({ control, name: 'story' });

  const exercises = existing.data ?? [];
  const matching = title.trim()
    ? exercises.find((pb) => titleKey(pb.title) === titleKey(title))
    : undefined;
  const atFreeLimit =
    mode === 'add' &&
    user?.subscription_tier === 'free' &&
    exercises.length >= FREE_TIER_PB_LIMIT &&
    !matching;
  const titleHint =
    mode === 'add' && matching
      ? `This adds a new record to your ${matching.title}.`
      : atFreeLimit
        ? `Free accounts can track ${FREE_LIMIT_TEXT}: pick one of yours to add a new record.`
        : mode === 'edit'
          ? undefined
          : 'Use the same name each time to build its history.';

  const counts = countFieldsFor(category);
  const uploading = progress.percent !== null;
  // While the lower-record question waits, the save has not started.
  const saving = isSubmitting && question === null;
  const busyLabel = mode === 'edit' ? 'Updating...' : 'Saving...';
  const submitLabel = saving
    ? uploading
      ? `${busyLabel} ${progress.percent}%`
      : busyLabel
    : mode === 'edit'
      ? 'Update Personal Best'
      : 'Save Personal Best';
  const summary = attempted
    ? saveBlockedSummary(media.kind === 'none', Object.keys(errors).length > 0)
    : undefined;
  const summaryId = useId();

  // The media controls are disabled while a submission runs (validation included), so the focus
  // moves once it is over.
  const pendingFocus = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (isSubmitting || !pendingFocus.current) return;
    pendingFocus.current();
    pendingFocus.current = null;
  }, [isSubmitting]);

  function focusFirstProblem(fieldErrors: FieldErrors<PbFormValues>, mediaMissing: boolean) {
    pendingFocus.current = () => {
      if (mediaMissing) {
        mediaRef.current?.focus();
        return;
      }
      const first = FIELD_ORDER.find((name) => fieldErrors[name]);
      if (first === 'value') setFocus(unit === 'duration' ? 'hours' : 'amount');
      else if (first) setFocus(first);
    };
  }

  function requireMedia() {
    setMediaError(MEDIA_REQUIRED_MESSAGE);
    toast.error('Media required', { description: MEDIA_REQUIRED_MESSAGE });
  }

  function onInvalid(fieldErrors: FieldErrors<PbFormValues>) {
    setAttempted(true);
    if (media.kind === 'none') requireMedia();
    focusFirstProblem(fieldErrors, media.kind === 'none');
  }

  /** Asks the lower-record question; true once the user chose 'Save anyway'. */
  function ask(text: string) {
    return new Promise<boolean>((resolve) => {
      answer.current = resolve;
      setQuestion(text);
    });
  }

  function reply(saveAnyway: boolean) {
    answer.current?.(saveAnyway);
    answer.current = null;
    setQuestion(null);
  }

  /** How a new record stands against its exercise (docs/PRODUCT.md §3); edits are not judged. */
  async function verdictOn(values: PbInput): Promise<RecordVerdict> {
    if (mode !== 'add') return { kind: 'first' };
    // The list is usually cached; if it cannot be had, the record saves without a question.
    const list =
      existing.data ??
      (await queryClient
        .query({ queryKey: pbsQueryKey, queryFn: getPersonalBests })
        .catch(() => []));
    return verdictOnNewRecord(list, values);
  }

  async function onValid(values: PbInput) {
    if (!user || !token) {
      toast.error('Authentication required', {
        description: 'Please sign in to save personal bests',
      });
      return;
    }
    if (media.kind === 'none') {
      setAttempted(true);
      requireMedia();
      focusFirstProblem({}, true);
      return;
    }
    setAttempted(false);
    const verdict = await verdictOn(values);
    if (verdict.kind === 'notBest' && !(await ask(verdict.question))) return;
    const fields = toPbTextFields(values);
    try {
      let message: string;
      let saved: { exerciseId: string };
      if (mode === 'edit' && recordId && media.kind === 'uploaded') {
        saved = await update.mutateAsync({ id: recordId, ...fields });
        message = PB_UPDATED_MESSAGE;
      } else {
        saveKey.current ??= newIdempotencyKey();
        const result = await save.mutateAsync({
          input: {
            ...fields,
            id: mode === 'edit' ? recordId : undefined,
            file: media.kind === 'selected' ? media.file : undefined,
            idempotencyKey: saveKey.current,
          },
          onProgress: progress.report,
        });
        saveKey.current = undefined;
        message = result.message;
        saved = result.data;
      }
      toast.success(verdict.kind === 'beats' ? `New PB! ${verdict.change}` : 'Success!', {
        description: message,
      });
      // An edit goes back to its card, open (the profile reads ?open= and clears it).
      void navigate(
        mode === 'edit' ? `/profile?open=${encodeURIComponent(saved.exerciseId)}` : '/profile',
      );
    } catch (error) {
      if (!reuseKeyAfter(error)) saveKey.current = undefined;
      if (isApiError(error) && error.code === 'FREE_LIMIT_REACHED') {
        setLimitOpen(true);
        return;
      }
      applyFieldErrors(error, setError, PB_FIELDS, { CONFLICT: 'title' });
      if (isApiError(error)) {
        const fileIssue = error.issues.find((issue) => issue.field === 'file');
        const mediaRefused =
          error.code === 'UNSUPPORTED_MEDIA_TYPE' || error.code === 'PAYLOAD_TOO_LARGE';
        // A connection lost while a file was being sent is the upload's failure too.
        const uploadLost = error.status === 0 && media.kind === 'selected';
        if (fileIssue || mediaRefused || uploadLost) {
          setMediaError(fileIssue?.message ?? error.message);
        }
      }
      toast.error('Error saving personal best', {
        description: errorMessage(error, SAVE_FAILED_MESSAGE),
      });
    } finally {
      progress.finish();
    }
  }

  return (
    <form
      noValidate
      aria-label={mode === 'edit' ? 'Edit Personal Best' : 'Add New Personal Best'}
      className="grid gap-6"
      onSubmit={(event) => {
        void handleSubmit(onValid, onInvalid)(event);
      }}
    >
      <MediaField
        ref={mediaRef}
        value={media}
        onChange={(next) => {
          setMedia(next);
          setMediaError(undefined);
        }}
        onBusyChange={setReadingMedia}
        onProblem={setMediaError}
        error={mediaError}
        disabled={isSubmitting}
      />

      <div className="grid gap-6 sm:grid-cols-2">
        <Field label="Category" error={errors.category?.message} className="content-start">
          {(controlProps) => (
            <Select
              {...controlProps}
              {...register('category', {
                onChange: (event: { target: { value: string } }) => {
                  // Each category starts on its own default unit (lbs, reps, duration).
                  const next = event.target.value;
                  if (!isCategory(next)) return;
                  setValue('unit', defaultUnitFor(next));
                  // Counts the new category has not are cleared, so nothing hidden is sent.
                  const nextCounts = countFieldsFor(next);
                  if (!nextCounts.sets) setValue('sets', '');
                  if (!nextCounts.reps) setValue('reps', '');
                  clearErrors([
                    'value',
                    ...(nextCounts.sets ? [] : (['sets'] as const)),
                    ...(nextCounts.reps ? [] : (['reps'] as const)),
                  ]);
                },
              })}
            >
              {CATEGORIES.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </Select>
          )}
        </Field>

        <Field
          label="Exercise name"
          hint={titleHint}
          error={errors.title?.message}
          className="content-start"
        >
          {(controlProps) => (
            <Input
              {...controlProps}
              placeholder={EXERCISE_PLACEHOLDERS[category]}
              autoComplete="off"
              list={exercises.length > 0 ? datalistId : undefined}
              {...register('title')}
            />
          )}
        </Field>
        {exercises.length > 0 ? (
          <datalist id={datalistId}>
            {exercises.map((pb) => (
              <option key={pb.exerciseId} value={pb.title} />
            ))}
          </datalist>
        ) : null}
      </div>

      <ValueFields
        category={category}
        unit={unit}
        register={register}
        onUnitChange={(next: Unit) => {
          setValue('unit', next, { shouldValidate: false });
        }}
        error={errors.value?.message}
      />

      {counts.sets || counts.reps ? (
        <div className="grid grid-cols-2 gap-4 sm:gap-6">
          {counts.sets ? (
            <CountField
              label="Sets"
              placeholder="e.g. 3"
              error={errors.sets?.message}
              input={register('sets')}
            />
          ) : null}
          {counts.reps ? (
            <CountField
              label="Reps"
              placeholder="e.g. 5"
              error={errors.reps?.message}
              input={register('reps')}
            />
          ) : null}
        </div>
      ) : null}

      <Field label="Date achieved" error={errors.date?.message}>
        {(controlProps) => (
          <Input
            {...controlProps}
            type="date"
            max={localTodayIso()}
            className="sm:max-w-60"
            {...register('date')}
          />
        )}
      </Field>

      <Field
        label="Your story"
        hint={`Optional · ${story.length}/${PB_STORY_MAX_LENGTH} characters`}
        error={errors.story?.message}
      >
        {(controlProps) => (
          <Textarea
            {...controlProps}
            rows={4}
            placeholder="What did it take to get here?"
            {...register('story')}
          />
        )}
      </Field>

      <div className="grid gap-4">
        {saving && uploading ? (
          <UploadProgressBar percent={progress.percent ?? 0} processing={progress.processing} />
        ) : null}
        {/* Always there (empty when nothing blocks a save) so screen readers announce changes. */}
        <p
          id={summaryId}
          data-testid="save-blocked"
          aria-live="polite"
          className="text-sm font-medium text-destructive-hover empty:hidden sm:text-right"
        >
          {summary}
        </p>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Link to="/profile" className={buttonClasses({ variant: 'ghost', size: 'lg' })}>
            Cancel
          </Link>
          <Button
            type="submit"
            size="lg"
            // Never greyed out for a missing field: pressing it says what is missing.
            disabled={saving || readingMedia}
            aria-describedby={summary ? summaryId : undefined}
            className={cn('sm:min-w-56', saving && 'disabled:opacity-85')}
          >
            {saving ? (
              <LoaderCircle
                className="animate-spin motion-reduce:animate-none"
                aria-hidden="true"
              />
            ) : null}
            {submitLabel}
          </Button>
        </div>
      </div>

      <NotBestDialog question={question} onAnswer={reply} />
      <FreeLimitDialog open={limitOpen} onOpenChange={setLimitOpen} />
    </form>
  );
}

/** An optional whole number: sets or reps. */
function CountField({
  label,
  placeholder,
  error,
  input,
}: {
  label: string;
  placeholder: string;
  error: string | undefined;
  input: UseFormRegisterReturn;
}) {
  return (
    <Field label={label} hint="Optional" error={error} className="content-start">
      {(controlProps) => (
        <Input
          {...controlProps}
          inputMode="numeric"
          autoComplete="off"
          placeholder={placeholder}
          {...input}
        />
      )}
    </Field>
  );
}

function UploadProgressBar({ percent, processing }: { percent: number; processing: boolean }) {
  const label = processing ? 'Processing your media...' : `Uploading... ${percent}%`;
  return (
    <div className="grid gap-1.5" data-testid="upload-progress">
      <ProgressBar
        label="Upload progress"
        value={percent}
        max={100}
        valueText={label}
        className="h-2"
      />
      <p className="text-xs text-muted-foreground" aria-live="polite">
        {label}
      </p>
    </div>
  );
}
