import { zodResolver } from '@hookform/resolvers/zod';
import { AUTH_MESSAGES, emailOnlyInputSchema } from '@pbshare/shared';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';

import { SuccessAlert } from '@/components/ui/alert';
import { FieldError } from '@/components/ui/field';
import { Form, SubmitButton } from '@/components/ui/form';
import { errorMessage } from '@/lib/form-errors';
import { useResendVerification } from '../api/resend-verification';
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
    return <SuccessAlert icon={MailCheck}>{AUTH_MESSAGES.verificationResent}</SuccessAlert>;
  }

  return (
    <Form
      aria-label="Send a new verification link"
      className="gap-4"
      onSubmit={handleSubmit(({ email }) => {
        resend.mutate(email);
      })}
    >
      <EmailField registration={register('email')} error={errors.email?.message} />
      <SubmitButton className="w-full" pending={resend.isPending} pendingLabel="Sending...">
        Send a new link
      </SubmitButton>
      <FieldError
        message={resend.error ? errorMessage(resend.error, EMAIL_NOT_SENT_MESSAGE) : undefined}
      />
    </Form>
  );
}
