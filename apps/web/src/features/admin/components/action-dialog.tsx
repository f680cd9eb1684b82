import { zodResolver } from '@hookform/resolvers/zod';
import { MODERATION_MESSAGES, moderationReasonSchema } from '@pbshare/shared';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { Button } from '@/components/ui/button';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';
import { InputField, TextareaField } from '@/components/ui/field';
import { Form, SubmitButton } from '@/components/ui/form';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { toast } from '@/components/ui/toaster';
import { applyFieldErrors, errorMessage } from '@/lib/form-errors';
import type { ActionRequest } from '../action-request';
import { useModerationAction } from '../api/take-action';

export interface ActionDialogProps {
  /** The action asked about; the dialog is open while there is one. */
  request: ActionRequest | null;
  onClose: () => void;
}

/**
 * Asks the reason for an action (the owner is told it, the log keeps it) and, for a deletion,
 * the username typed out; then takes the action and says so.
 */
export function ActionDialog({ request, onClose }: ActionDialogProps) {
  const action = useModerationAction();
  // The last request stays while the dialog closes, so its words do not change as it fades.
  const [shown, setShown] = useState(request);
  if (request !== null && request !== shown) setShown(request);

  return (
    <ModalDialog
      open={request !== null}
      onOpenChange={(open) => {
        if (!open && !action.isPending) onClose();
      }}
      title={shown?.title ?? ''}
      description={shown?.description ?? ''}
    >
      {shown ? (
        <ActionForm
          // A fresh form for each request: no reason carries over from another action.
          key={`${shown.label}:${JSON.stringify(shown.input)}`}
          request={shown}
          pending={action.isPending}
          onSubmit={async (reason) => {
            await action.mutateAsync({ ...shown.input, reason });
            toast.success(MODERATION_MESSAGES.actionDone);
            onClose();
          }}
        />
      ) : null}
    </ModalDialog>
  );
}

function ActionForm({
  request,
  pending,
  onSubmit,
}: {
  request: ActionRequest;
  pending: boolean;
  onSubmit: (reason: string) => Promise<void>;
}) {
  const { confirmUsername } = request;
  const schema = useMemo(
    () =>
      z.object({
        reason: moderationReasonSchema,
        username: z
          .string()
          .refine(
            (typed) => confirmUsername === undefined || typed.trim() === confirmUsername,
            `Type ${confirmUsername ?? ''} to confirm`,
          ),
      }),
    [confirmUsername],
  );
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { reason: '', username: '' } });

  return (
    <Form
      aria-label={request.title}
      onSubmit={handleSubmit(async ({ reason }) => {
        try {
          await onSubmit(reason);
        } catch (error) {
          if (!applyFieldErrors(error, setError, ['reason'])) {
            toast.error(errorMessage(error, 'That did not work. Please try again.'));
          }
        }
      })}
    >
      <TextareaField
        label="Reason"
        hint={
          request.input.action === 'dismiss' && request.input.appealId === undefined
            ? 'Kept in the audit log.'
            : 'The owner is told this reason; the audit log keeps it.'
        }
        error={errors.reason?.message}
        rows={3}
        {...register('reason')}
      />
      {confirmUsername !== undefined ? (
        <InputField
          label={`Type ${confirmUsername} to confirm`}
          error={errors.username?.message}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          {...register('username')}
        />
      ) : null}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={pending}>
            Cancel
          </Button>
        </DialogClose>
        <SubmitButton
          size="md"
          variant={request.tone === 'destructive' ? 'destructive' : 'primary'}
          pending={pending}
          pendingLabel="Working..."
        >
          {request.label}
        </SubmitButton>
      </DialogFooter>
    </Form>
  );
}
