import { zodResolver } from '@hookform/resolvers/zod';
import type { PbInput } from '@pbshare/shared';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';

import { useAuth } from '@/features/auth';
import { usePersonalBests } from '../api/get-personal-bests';
import { clearPbDraft, keepPbDraft } from '../draft/pb-draft';
import { pbFormSchema, type PbFormValues } from '../pb-form-values';
import { useMediaChoice, useRestoredFile } from '../use-media-choice';
import { usePbSave } from '../use-pb-save';
import { FreeLimitDialog } from './free-limit-dialog';
import type { MediaFieldHandle, MediaValue } from './media-field';
import { NotBestDialog } from './not-best-dialog';
import { PbFormFields } from './pb-form-fields';
import { PbFormFooter, saveBlockedSummary } from './pb-form-footer';
import { PbFormMedia } from './pb-form-media';

export interface PbFormProps {
  mode: 'add' | 'edit';
  defaultValues: PbFormValues;
  /** The media already uploaded (edit), if any. */
  initialMedia?: MediaValue;
  /** The record being edited. */
  recordId?: string;
  /** A file picked before the form was left for an upgrade, put back (add). */
  restoredFile?: File;
  /** A word under the empty media field (a kept draft whose file did not survive). */
  mediaNote?: string;
  /** A photo or video shared to the app (add): checked and attached as if picked. */
  sharedFile?: File;
}

/**
 * The add and edit form (docs/PRODUCT.md §2 and §5): the media section, the fields and the save
 * row, driven by the save hook (use-pb-save.ts).
 */
export function PbForm({
  mode,
  defaultValues,
  initialMedia = { kind: 'none' },
  recordId,
  restoredFile,
  mediaNote,
  sharedFile,
}: PbFormProps) {
  const { user } = useAuth();
  const existing = usePersonalBests();
  const media = useMediaChoice(initialMedia);
  useRestoredFile(restoredFile, media.choose);
  const mediaRef = useRef<MediaFieldHandle>(null);
  useEffect(() => {
    if (sharedFile) mediaRef.current?.take(sharedFile);
  }, [sharedFile]);
  const form = useForm<PbFormValues, unknown, PbInput>({
    resolver: zodResolver(pbFormSchema),
    defaultValues,
    // The media comes first and is not one of the form's fields: the save hook moves the focus.
    shouldFocusError: false,
  });
  const { errors, isSubmitting } = form.formState;
  const save = usePbSave({
    mode,
    recordId,
    form,
    media,
    mediaRef,
    exercises: existing.data,
  });
  // Only a new PB is kept for the upgrade round trip: an edit's record is already saved.
  const keepDraft =
    mode === 'add' && user
      ? () => {
          keepPbDraft({
            userId: user.id,
            values: form.getValues(),
            file: media.value.kind === 'selected' ? media.value.file : undefined,
          });
        }
      : undefined;
  const summary = save.attempted
    ? saveBlockedSummary(media.value.kind === 'none', Object.keys(errors).length > 0)
    : undefined;

  return (
    <form
      noValidate
      aria-label={mode === 'edit' ? 'Edit Personal Best' : 'Add New Personal Best'}
      className="grid gap-6"
      onSubmit={save.submit}
    >
      <PbFormMedia ref={mediaRef} media={media} disabled={isSubmitting} note={mediaNote} />
      <PbFormFields
        form={form}
        errors={errors}
        mode={mode}
        exercises={existing.data ?? []}
        freeAccount={user?.subscription_tier === 'free'}
      />
      <PbFormFooter
        mode={mode}
        saving={save.saving}
        upload={save.upload}
        summary={summary}
        readingMedia={media.reading}
        onCancel={mode === 'add' ? clearPbDraft : undefined}
      />
      <NotBestDialog question={save.question} onAnswer={save.answer} />
      <FreeLimitDialog
        open={save.limitOpen}
        onOpenChange={save.setLimitOpen}
        onUpgrade={keepDraft}
      />
    </form>
  );
}
