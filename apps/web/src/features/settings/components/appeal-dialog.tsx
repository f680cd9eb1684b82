import { zodResolver } from '@hookform/resolvers/zod';
import { appealInputSchema, MODERATION_MESSAGES, type OwnerDecision } from '@pbshare/shared';
import { useForm } from 'react-hook-form';

import { Button } from '@/components/ui/button';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';
import { TextareaField } from '@/components/ui/field';
import { Form, SubmitButton } from '@/components/ui/form';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { toast } from '@/components/ui/toaster';
import { useFormDialog } from '@/hooks/use-form-dialog';
import { applyFieldErrors, errorMessage } from '@/lib/form-errors';
import { useSendAppeal } from '../api/send-appeal';

const messageSchema = appealInputSchema.pick({ message: true });

/** 'Appeal' on one decision: the owner says why it is wrong, and a moderator looks again. */
export function AppealDialog({ decision, what }: { decision: OwnerDecision; what: string }) {
  const send = useSendAppeal();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(messageSchema), defaultValues: { message: '' } });
  const dialog = useFormDialog(send.isPending, () => {
    reset();
  });

  return (
    <ModalDialog
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      trigger={
        <Button variant="outline" size="sm" aria-label={`Appeal: ${what}`}>
          Appeal
        </Button>
      }
      title="Appeal this decision"
      description={`${what}. Reason: ${decision.reason}`}
    >
      <Form
        aria-label="Appeal"
        onSubmit={handleSubmit(async ({ message }) => {
          try {
            await send.mutateAsync({ actionId: decision.id, message });
          } catch (error) {
            if (!applyFieldErrors(error, setError, ['message'])) {
              setError('message', {
                type: 'server',
                message: errorMessage(error, 'Your appeal could not be sent. Please try again.'),
              });
            }
            return;
          }
          dialog.close();
          toast.success(MODERATION_MESSAGES.appealSent);
        })}
      >
        <TextareaField
          label="Why should we look again?"
          hint="A moderator reads it and answers by e-mail."
          error={errors.message?.message}
          rows={5}
          {...register('message')}
        />
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={send.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <SubmitButton size="md" pending={send.isPending} pendingLabel="Sending...">
            Send appeal
          </SubmitButton>
        </DialogFooter>
      </Form>
    </ModalDialog>
  );
}
