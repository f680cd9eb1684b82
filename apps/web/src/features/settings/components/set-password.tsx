import { MailCheck } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field';
import { errorMessage } from '@/lib/form-errors';
import { useForgotPassword } from '@/features/auth';

export const SET_PASSWORD_FAILED_MESSAGE = 'The link could not be sent. Please try again.';

/**
 * 'Set a password' for an account made with a passkey: the reset link a forgotten password gets,
 * mailed to the account's own address, so setting the first password proves the mailbox too.
 */
export function SetPasswordButton({ email }: { email: string }) {
  const send = useForgotPassword();

  if (send.isSuccess) {
    return (
      <p role="status" className="flex items-start gap-2 text-sm font-medium">
        <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          We sent a link to <strong className="[overflow-wrap:anywhere]">{email}</strong>. Open it
          to set your password.
        </span>
      </p>
    );
  }
  return (
    <div className="grid justify-items-start gap-2">
      <Button
        variant="outline"
        disabled={send.isPending}
        onClick={() => {
          send.mutate(email);
        }}
      >
        {send.isPending ? 'Sending...' : 'Set a password'}
      </Button>
      <FieldError
        message={send.error ? errorMessage(send.error, SET_PASSWORD_FAILED_MESSAGE) : undefined}
      />
    </div>
  );
}
