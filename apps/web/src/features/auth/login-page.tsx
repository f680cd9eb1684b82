import { zodResolver } from '@hookform/resolvers/zod';
import { AUTH_MESSAGES, loginInputSchema, PRODUCT_NAME } from '@pbshare/shared';
import { CircleAlert, LogIn, MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Navigate, useLocation, useSearchParams } from 'react-router';

import { Alert, AlertDescription, AlertTitle, SuccessAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/field';
import { Form, SubmitButton } from '@/components/ui/form';
import { TextLink } from '@/components/ui/text-link';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/form-errors';
import { useLogin } from './api/login';
import { useResendVerification } from './api/resend-verification';
import { AuthLayout } from './components/auth-layout';
import { readAuthNotice } from './auth-notice';
import { signInDestination } from './return-to';
import { EMAIL_NOT_SENT_MESSAGE } from './messages';
import { useAuth } from './use-auth';
import { EmailField } from './components/email-field';

export function LoginPage() {
  useDocumentTitle(pageTitle('Sign in'));
  const { user } = useAuth();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const notice = readAuthNotice(location.state);
  const destination = signInDestination(location.state, searchParams);

  const form = useForm({
    resolver: zodResolver(loginInputSchema),
    defaultValues: { email: notice?.email ?? '', password: '' },
  });
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = form;
  const login = useLogin();
  const resend = useResendVerification();

  // Signed in (just now, or already): on to where they were going, leaving the form out of the
  // history.
  // The state tells /pricing this is the sign-in round trip of a purchase, not a fresh visit.
  if (user) return <Navigate to={destination} replace state={{ afterSignIn: true }} />;

  const unverified = isApiError(login.error) && login.error.code === 'EMAIL_NOT_VERIFIED';

  return (
    <AuthLayout
      icon={LogIn}
      title="Welcome back"
      description={`Sign in to log and share your personal bests on ${PRODUCT_NAME}.`}
      footer={
        <>
          New to {PRODUCT_NAME}? <TextLink to="/signup">Create an account</TextLink>
        </>
      }
    >
      {notice?.message && !login.error ? (
        <SuccessAlert className="mb-5">{notice.message}</SuccessAlert>
      ) : null}

      {login.error ? (
        <Alert variant="destructive" className="mb-5">
          <CircleAlert aria-hidden="true" />
          {unverified ? <AlertTitle>Email not verified</AlertTitle> : null}
          <AlertDescription>
            <p>{errorMessage(login.error, AUTH_MESSAGES.invalidCredentials)}</p>
            {unverified ? (
              <div className="mt-3">
                {resend.isSuccess ? (
                  <p role="status" className="flex items-start gap-2 font-medium text-foreground">
                    <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                    {AUTH_MESSAGES.verificationResent}
                  </p>
                ) : (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={resend.isPending}
                    onClick={() => {
                      resend.mutate(getValues('email').trim());
                    }}
                  >
                    {resend.isPending ? 'Sending...' : 'Resend verification email'}
                  </Button>
                )}
                {resend.error ? (
                  <p role="alert" className="mt-2 font-medium">
                    {errorMessage(resend.error, EMAIL_NOT_SENT_MESSAGE)}
                  </p>
                ) : null}
              </div>
            ) : null}
          </AlertDescription>
        </Alert>
      ) : null}

      <Form
        aria-label="Sign in"
        onSubmit={handleSubmit((values) => {
          resend.reset();
          login.mutate(values);
        })}
      >
        <EmailField registration={register('email')} error={errors.email?.message} />
        <PasswordField
          label="Password"
          error={errors.password?.message}
          labelEnd={
            <TextLink to="/forgot-password" className="text-sm">
              Forgot password?
            </TextLink>
          }
          autoComplete="current-password"
          {...register('password')}
        />
        <SubmitButton
          className="mt-1 w-full"
          pending={login.isPending}
          pendingLabel="Signing in..."
        >
          Sign In
        </SubmitButton>
      </Form>
    </AuthLayout>
  );
}
