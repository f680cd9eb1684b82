import { zodResolver } from '@hookform/resolvers/zod';
import {
  ACCOUNT_MESSAGES,
  AUTH_MESSAGES,
  deleteAccountInputSchema,
  type User,
} from '@pbshare/shared';
import { Trash2 } from 'lucide-react';
import { useForm } from 'react-hook-form';

import { Button } from '@/components/ui/button';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';
import { PasswordField } from '@/components/ui/field';
import { Form, SubmitButton } from '@/components/ui/form';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { toast } from '@/components/ui/toaster';
import { useFormDialog } from '@/hooks/use-form-dialog';
import { applyFieldErrors, errorMessage } from '@/lib/form-errors';
import { useLeaveSession } from '@/features/auth';
import { useDeleteAccount } from '../api/delete-account';
import { useDownloadMyData } from '../api/download-my-data';
import { DownloadFirst, ProPlanEnds } from './delete-account-extras';
import { SetPasswordButton } from './set-password';

/**
 * Self-service account deletion, confirmed with the password (docs/PRODUCT.md §10). Before the
 * delete button: what ends with a Pro account, and the offer to download everything first. An
 * account made with a passkey sets a password first (the one rule for steps confirmed with it).
 */
export function DeleteAccountDialog({ user }: { user: User }) {
  const leaveSession = useLeaveSession();
  const remove = useDeleteAccount();
  const download = useDownloadMyData();
  const noPassword = user.hasPassword === false;
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(deleteAccountInputSchema), defaultValues: { password: '' } });
  const dialog = useFormDialog(remove.isPending, () => {
    reset();
    remove.reset();
    download.reset();
  });

  return (
    <ModalDialog
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      trigger={
        <Button variant="destructive" className="w-full sm:w-auto sm:justify-self-start">
          <Trash2 aria-hidden="true" />
          Delete account
        </Button>
      }
      title="Delete your account?"
      description={`Your profile, your personal bests and their photos and videos are deleted for good.${
        noPassword ? '' : ' Enter your password to confirm.'
      }`}
    >
      <ProPlanEnds user={user} />
      <DownloadFirst download={download} />
      {noPassword ? (
        <div className="grid gap-3">
          <p className="text-sm">{AUTH_MESSAGES.setPasswordFirst}</p>
          <SetPasswordButton email={user.email} />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
          </DialogFooter>
        </div>
      ) : (
        <Form
          aria-label="Confirm account deletion"
          onSubmit={handleSubmit(async ({ password }) => {
            try {
              await remove.mutateAsync(password);
            } catch (error) {
              if (
                !applyFieldErrors(error, setError, ['password'], {
                  INVALID_CREDENTIALS: 'password',
                })
              ) {
                setError('password', {
                  type: 'server',
                  message: errorMessage(
                    error,
                    'Your account could not be deleted. Please try again.',
                  ),
                });
              }
              return;
            }
            await leaveSession();
            toast.success('Account deleted', { description: ACCOUNT_MESSAGES.accountDeleted });
          })}
        >
          <PasswordField
            label="Password"
            error={errors.password?.message}
            autoComplete="current-password"
            {...register('password')}
          />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={remove.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <SubmitButton
              size="md"
              variant="destructive"
              pending={remove.isPending}
              pendingLabel="Deleting..."
            >
              Delete my account
            </SubmitButton>
          </DialogFooter>
        </Form>
      )}
    </ModalDialog>
  );
}
