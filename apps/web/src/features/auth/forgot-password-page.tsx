import { zodResolver } from '@hookform/resolvers/zod';
import { AUTH_MESSAGES, emailOnlyInputSchema } from '@pbshare/shared';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';

import { ErrorAlert, SuccessAlert } from '@/components/ui/alert';
import { Form, SubmitButton } from '@/components/ui/form';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { errorMessage } from '@/lib/form-errors';
import { useForgotPassword } from './api/forgot-password';
import { PasswordRecoveryLayout } from './components/auth-layout';
import { EmailField } from './components/email-field';
import { EMAIL_NOT_SENT_MESSAGE } from './messages';

/** /forgot-password: mails a reset link. The answer never says whether the account exists. */
export function ForgotPasswordPage() {
  useDocumentTitle(pageTitle('Forgot password'));
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(emailOnlyInputSchema), defaultValues: { email: '' } });
  const forgot = useForgotPassword();

  return (
    <PasswordRecoveryLayout
      title="Forgot your password?"
      description="Enter the email you signed up with and we will send you a link to choose a new password."
    >
      {forgot.isSuccess ? (
        <SuccessAlert icon={MailCheck} title="Check your inbox">
          {AUTH_MESSAGES.resetLinkSent} The link works for 30 minutes.
        </SuccessAlert>
      ) : (
        <>
          {forgot.error ? (
            <ErrorAlert className="mb-5">
              {errorMessage(forgot.error, EMAIL_NOT_SENT_MESSAGE)}
            </ErrorAlert>
          ) : null}
          <Form
            aria-label="Reset your password"
            onSubmit={handleSubmit(({ email }) => {
              forgot.mutate(email);
            })}
          >
            <EmailField registration={register('email')} error={errors.email?.message} />
            <SubmitButton className="w-full" pending={forgot.isPending} pendingLabel="Sending...">
              Send reset link
            </SubmitButton>
          </Form>
        </>
      )}
    </PasswordRecoveryLayout>
  );
}
