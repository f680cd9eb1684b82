import { zodResolver } from '@hookform/resolvers/zod';
import { emailOnlyInputSchema } from '@pbshare/shared';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';

import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field';
import { errorMessage } from '@/lib/form-errors';
import { RESEND_VERIFICATION_MESSAGE, useResendVerification } from '../api/resend-verification';
import { EMAIL_NOT_SENT_MESSAGE } from '../messages';
import { EmailField } from './email-field';

/** Asks for a new verification link: an e-mail field and a send button. */
export function ResendVerificationForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(emailOnlyInputSchema),
    defaultValues: { email: defaultEmail },
  });
  const resend = useResendVerification();

  if (resend.isSuccess) {
    return (
      <Alert variant="success">
        <MailCheck aria-hidden="true" />
        <AlertDescription>{RESEND_VERIFICATION_MESSAGE}</AlertDescription>
      </Alert>
    );
  }

  return (
    <form
      noValidate
      aria-label="Send a new verification link"
      className="grid gap-4"
      onSubmit={(event) => {
        void handleSubmit(({ email }) => {
          resend.mutate(email);
        })(event);
      }}
    >
      <EmailField registration={register('email')} error={errors.email?.message} />
      <Button type="submit" size="lg" className="w-full" disabled={resend.isPending}>
        {resend.isPending ? 'Sending...' : 'Send a new link'}
      </Button>
      <FieldError
        message={resend.error ? errorMessage(resend.error, EMAIL_NOT_SENT_MESSAGE) : undefined}
      />
    </form>
  );
}
