import { zodResolver } from '@hookform/resolvers/zod';
import {
  ACCOUNT_MESSAGES,
  AVATAR_MAX_BYTES,
  BIO_MAX_LENGTH,
  MEDIA_MESSAGES,
  profileUpdateInputSchema,
  TIMINGS,
  usernameKey,
  type User,
} from '@pbshare/shared';
import { Camera } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';

import { ErrorAlert, SuccessAlert } from '@/components/ui/alert';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { FieldError, TextareaField } from '@/components/ui/field';
import { Form, SubmitButton } from '@/components/ui/form';
import { toast } from '@/components/ui/toaster';
import { isApiError } from '@/lib/api-client';
import { applyFieldErrors, errorMessage } from '@/lib/form-errors';
import { UsernameField } from '@/features/auth';
import { useUpdateProfile } from '../api/update-profile';
import { ChangeLinkDialog } from './change-link-dialog';

const PROFILE_UPDATE_FAILED = 'Your profile could not be saved. Please try again.';

type ProfileUpdateInput = z.output<typeof profileUpdateInputSchema>;

interface PickedImage {
  file: File;
  url: string;
}

export function ProfileTab({ user }: { user: User }) {
  const navigate = useNavigate();
  const update = useUpdateProfile();
  const fileInputRef = useRef<HTMLInputElement>(null);
  const photoHintId = useId();
  const [picked, setPicked] = useState<PickedImage | null>(null);
  const [imageError, setImageError] = useState<string | undefined>();
  const [saved, setSaved] = useState(false);
  // A rename waits here while the dialog asks whether the public link may move.
  const [pendingRename, setPendingRename] = useState<ProfileUpdateInput | null>(null);

  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(profileUpdateInputSchema),
    defaultValues: { displayName: user.displayName, bio: user.bio },
  });
  const bio = useWatch({ control, name: 'bio' }) ?? '';
  const username = useWatch({ control, name: 'displayName' }) ?? '';

  // The preview's object URL lives as long as its pick.
  useEffect(
    () => () => {
      if (picked) URL.revokeObjectURL(picked.url);
    },
    [picked],
  );

  // After a save, a short pause on the success text, then back to the profile (docs/PRODUCT.md §2).
  useEffect(() => {
    if (!saved) return;
    const timer = window.setTimeout(() => {
      void navigate('/profile');
    }, TIMINGS.profileSaveRedirectMs);
    return () => {
      window.clearTimeout(timer);
    };
  }, [saved, navigate]);

  function onPick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setImageError(MEDIA_MESSAGES.notImage);
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      setImageError(MEDIA_MESSAGES.avatarTooLarge);
      return;
    }
    setImageError(undefined);
    setPicked({ file, url: URL.createObjectURL(file) });
  }

  async function save(values: ProfileUpdateInput) {
    setSaved(false);
    try {
      await update.mutateAsync({
        displayName: values.displayName ?? user.displayName,
        bio: values.bio ?? '',
        image: picked?.file,
      });
      setPicked(null);
      setSaved(true);
    } catch (error) {
      applyFieldErrors(error, setError, ['displayName', 'bio'], {
        USERNAME_TAKEN: 'displayName',
      });
      toast.error('Error updating profile', {
        description: errorMessage(error, PROFILE_UPDATE_FAILED),
      });
    }
  }

  const serverError = update.error;
  const imageRejected =
    isApiError(serverError) &&
    (serverError.code === 'UNSUPPORTED_MEDIA_TYPE' || serverError.code === 'PAYLOAD_TOO_LARGE');

  return (
    <Form
      aria-label="Profile"
      className="gap-6"
      onSubmit={handleSubmit(async (values) => {
        // Only a new name moves the link: the same name in other letter case is the same page.
        const renamed =
          values.displayName !== undefined &&
          usernameKey(values.displayName) !== usernameKey(user.displayName);
        if (renamed) setPendingRename(values);
        else await save(values);
      })}
    >
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-center sm:gap-6">
        <Avatar
          src={picked?.url ?? user.profileImage}
          name={username || user.displayName}
          size="lg"
        />
        <div className="flex flex-col items-center gap-2 sm:items-start">
          <div className="flex flex-wrap justify-center gap-2">
            <Button
              variant="outline"
              aria-describedby={photoHintId}
              onClick={() => {
                fileInputRef.current?.click();
              }}
            >
              <Camera aria-hidden="true" />
              {user.profileImage || picked ? 'Change photo' : 'Upload photo'}
            </Button>
            {picked ? (
              <Button
                variant="ghost"
                onClick={() => {
                  setPicked(null);
                }}
              >
                Keep current photo
              </Button>
            ) : null}
          </div>
          <p id={photoHintId} className="text-center text-xs text-muted-foreground sm:text-left">
            {picked ? `New photo: ${picked.file.name}. Save to use it.` : MEDIA_MESSAGES.avatarHint}
          </p>
          <input
            ref={fileInputRef}
            type="file"
            accept="image/*"
            aria-label="Profile photo"
            className="hidden"
            onChange={onPick}
          />
          <FieldError message={imageError ?? (imageRejected ? serverError.message : undefined)} />
        </div>
      </div>

      <UsernameField
        registration={register('displayName')}
        error={errors.displayName?.message}
        value={username}
      />

      <TextareaField
        label="Bio"
        hint={`${bio.length}/${BIO_MAX_LENGTH} characters`}
        error={errors.bio?.message}
        rows={4}
        placeholder="Lifter, runner, weekend swimmer..."
        {...register('bio')}
      />

      {serverError && !imageRejected ? (
        <ErrorAlert>{errorMessage(serverError, PROFILE_UPDATE_FAILED)}</ErrorAlert>
      ) : null}
      {saved ? <SuccessAlert>{ACCOUNT_MESSAGES.profileUpdated}</SuccessAlert> : null}

      <SubmitButton
        className="w-full sm:w-auto sm:justify-self-end"
        pending={update.isPending}
        pendingLabel="Saving..."
        disabled={saved}
      >
        Save Profile
      </SubmitButton>
      <ChangeLinkDialog
        change={
          pendingRename
            ? { from: user.displayName, to: pendingRename.displayName?.trim() ?? '' }
            : null
        }
        onAnswer={(confirmed) => {
          const values = pendingRename;
          setPendingRename(null);
          if (confirmed && values) void save(values);
        }}
      />
    </Form>
  );
}
