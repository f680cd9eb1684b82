import { zodResolver } from '@hookform/resolvers/zod';
import {
  CATEGORIES,
  defaultUnitFor,
  FREE_TIER_PB_LIMIT,
  isCategory,
  PB_STORY_MAX_LENGTH,
  titleKey,
  type PbInput,
  type Unit,
} from '@pbshare/shared';
import { LoaderCircle } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
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
import { usePersonalBests } from '../api/get-personal-bests';
import { toPbTextFields, useSavePersonalBest } from '../api/save-personal-best';
import { PB_UPDATED_MESSAGE, useUpdatePersonalBest } from '../api/update-personal-best';
import {
  EXERCISE_PLACEHOLDERS,
  localTodayIso,
  pbFormSchema,
  type PbFormValues,
} from '../pb-form-values';
import { useUploadProgress } from '../use-upload-progress';
import { FreeLimitDialog } from './free-limit-dialog';
import { MediaField, type MediaValue } from './media-field';
import { ValueFields } from './value-fields';

export const MEDIA_REQUIRED_MESSAGE = 'Please upload an image or video to save your personal best';
const SAVE_FAILED_MESSAGE = 'Failed to save personal best. Please try again.';
const PB_FIELDS = ['title', 'category', 'value', 'date', 'sets', 'reps', 'story'] as const;

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
  const [limitMessage, setLimitMessage] = useState<string | null>(null);
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
    control,
    formState: { errors, isSubmitting },
  } = useForm<PbFormValues, unknown, PbInput>({
    resolver: zodResolver(pbFormSchema),
    defaultValues,
  });
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
        ? `Free accounts can track ${FREE_TIER_PB_LIMIT} exercises: pick one of yours to add a new record.`
        : mode === 'edit'
          ? undefined
          : 'Use the same name each time to build its history.';

  const uploading = progress.percent !== null;
  const busyLabel = mode === 'edit' ? 'Updating...' : 'Saving...';
  const submitLabel = isSubmitting
    ? uploading
      ? `${busyLabel} ${progress.percent}%`
      : busyLabel
    : mode === 'edit'
      ? 'Update Personal Best'
      : 'Save Personal Best';

  async function onValid(values: PbInput) {
    if (!user || !token) {
      toast.error('Authentication required', {
        description: 'Please sign in to save personal bests',
      });
      return;
    }
    if (media.kind === 'none') {
      setMediaError(MEDIA_REQUIRED_MESSAGE);
      toast.error('Media required', { description: MEDIA_REQUIRED_MESSAGE });
      return;
    }
    const fields = toPbTextFields(values);
    try {
      let message: string;
      if (mode === 'edit' && recordId && media.kind === 'uploaded') {
        await update.mutateAsync({ id: recordId, ...fields });
        message = PB_UPDATED_MESSAGE;
      } else {
        saveKey.current ??= newIdempotencyKey();
        const result = await save.mutateAsync({
          input: {
            ...fields,
            id: mode === 'edit' ? recordId : undefined,
            file: media.kind === 'selected' ? media.file : undefined,
            poster: media.kind === 'selected' ? media.poster : undefined,
            idempotencyKey: saveKey.current,
          },
          onProgress: progress.report,
        });
        saveKey.current = undefined;
        message = result.message;
      }
      toast.success('Success!', { description: message });
      void navigate('/profile');
    } catch (error) {
      if (!reuseKeyAfter(error)) saveKey.current = undefined;
      if (isApiError(error) && error.code === 'FREE_LIMIT_REACHED') {
        setLimitMessage(error.message);
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
        void handleSubmit(onValid)(event);
      }}
    >
      <MediaField
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
                  if (isCategory(next)) setValue('unit', defaultUnitFor(next));
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

      <div className="grid grid-cols-2 gap-4 sm:gap-6">
        <CountField
          label="Sets"
          placeholder="e.g. 3"
          error={errors.sets?.message}
          input={register('sets')}
        />
        <CountField
          label="Reps"
          placeholder="e.g. 5"
          error={errors.reps?.message}
          input={register('reps')}
        />
      </div>

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
        {isSubmitting && uploading ? (
          <UploadProgressBar percent={progress.percent ?? 0} processing={progress.processing} />
        ) : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Link to="/profile" className={buttonClasses({ variant: 'ghost', size: 'lg' })}>
            Cancel
          </Link>
          <Button
            type="submit"
            size="lg"
            disabled={isSubmitting || readingMedia || media.kind === 'none'}
            className={cn('sm:min-w-56', isSubmitting && 'disabled:opacity-85')}
          >
            {isSubmitting ? (
              <LoaderCircle
                className="animate-spin motion-reduce:animate-none"
                aria-hidden="true"
              />
            ) : null}
            {submitLabel}
          </Button>
        </div>
      </div>

      <FreeLimitDialog
        open={limitMessage !== null}
        onOpenChange={(open) => {
          if (!open) setLimitMessage(null);
        }}
        message={limitMessage ?? undefined}
      />
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
