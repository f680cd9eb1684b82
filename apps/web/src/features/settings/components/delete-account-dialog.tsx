import { zodResolver } from '@hookform/resolvers/zod';
import { deleteAccountInputSchema } from '@pbshare/shared';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';
import { toast } from '@/components/ui/toaster';
import { applyFieldErrors, errorMessage } from '@/lib/form-errors';
import { useLeaveSession } from '@/features/auth';
import { ACCOUNT_DELETED_MESSAGE, useDeleteAccount } from '../api/delete-account';

/** Self-service account deletion, confirmed with the password (docs/PRODUCT.md §10). */
export function DeleteAccountDialog() {
  const [open, setOpen] = useState(false);
  const leaveSession = useLeaveSession();
  const remove = useDeleteAccount();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(deleteAccountInputSchema), defaultValues: { password: '' } });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (remove.isPending) return;
        setOpen(next);
        if (!next) {
          reset();
          remove.reset();
        }
      }}
    >
      <DialogTrigger asChild>
        <Button variant="destructive" className="w-full sm:w-auto sm:justify-self-start">
          <Trash2 aria-hidden="true" />
          Delete account
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete your account?</DialogTitle>
          <DialogDescription>
            Your profile, your personal bests and their photos and videos are deleted for good.
            Enter your password to confirm.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          aria-label="Confirm account deletion"
          className="grid gap-5"
          onSubmit={(event) => {
            void handleSubmit(async ({ password }) => {
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
              toast.success('Account deleted', { description: ACCOUNT_DELETED_MESSAGE });
            })(event);
          }}
        >
          <Field label="Password" error={errors.password?.message}>
            {(control) => (
              <PasswordInput
                {...control}
                autoComplete="current-password"
                {...register('password')}
              />
            )}
          </Field>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={remove.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={remove.isPending}>
              {remove.isPending ? 'Deleting...' : 'Delete my account'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
