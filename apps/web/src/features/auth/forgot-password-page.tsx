import { zodResolver } from '@hookform/resolvers/zod';
import { emailOnlyInputSchema } from '@pbshare/shared';
import { KeyRound, MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';

import { Alert, AlertDescription, AlertTitle, ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextLink } from '@/components/ui/text-link';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { errorMessage } from '@/lib/form-errors';
import { FORGOT_PASSWORD_MESSAGE, useForgotPassword } from './api/forgot-password';
import { AuthLayout } from './components/auth-layout';
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
    <AuthLayout
      icon={<KeyRound aria-hidden="true" />}
      title="Forgot your password?"
      description="Enter the email you signed up with and we will send you a link to choose a new password."
      footer={
        <>
          Remembered it? <TextLink to="/login">Back to sign in</TextLink>
        </>
      }
    >
      {forgot.isSuccess ? (
        <Alert variant="success">
          <MailCheck aria-hidden="true" />
          <AlertTitle>Check your inbox</AlertTitle>
          <AlertDescription>
            {FORGOT_PASSWORD_MESSAGE} The link works for 30 minutes.
          </AlertDescription>
        </Alert>
      ) : (
        <>
          {forgot.error ? (
            <ErrorAlert className="mb-5">
              {errorMessage(forgot.error, EMAIL_NOT_SENT_MESSAGE)}
            </ErrorAlert>
          ) : null}
          <form
            noValidate
            aria-label="Reset your password"
            className="grid gap-5"
            onSubmit={(event) => {
              void handleSubmit(({ email }) => {
                forgot.mutate(email);
              })(event);
            }}
          >
            <EmailField registration={register('email')} error={errors.email?.message} />
            <Button type="submit" size="lg" className="w-full" disabled={forgot.isPending}>
              {forgot.isPending ? 'Sending...' : 'Send reset link'}
            </Button>
          </form>
        </>
      )}
    </AuthLayout>
  );
}
