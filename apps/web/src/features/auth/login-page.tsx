import { zodResolver } from '@hookform/resolvers/zod';
import { AUTH_MESSAGES, loginInputSchema, PRODUCT_NAME } from '@pbshare/shared';
import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  WebAuthnAbortService,
} from '@simplewebauthn/browser';
import { CircleAlert, KeyRound, LogIn, MailCheck, ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useLocation, useSearchParams } from 'react-router';

import { Alert, AlertDescription, AlertTitle, SuccessAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { InputField, PasswordField } from '@/components/ui/field';
import { Form, SubmitButton } from '@/components/ui/form';
import { TextLink } from '@/components/ui/text-link';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/form-errors';
import { useLogin } from './api/login';
import { usePasskeySignIn } from './api/passkey-sign-in';
import { useResendVerification } from './api/resend-verification';
import { AuthLayout } from './components/auth-layout';
import { SecondStepForm } from './components/second-step-form';
import { readAuthNotice } from './auth-notice';
import { signInDestination } from './return-to';
import { EMAIL_NOT_SENT_MESSAGE } from './messages';
import { useAuth } from './use-auth';

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
  // The button's ceremony and the autofill's are apart: the autofill waits, unseen, all along.
  const passkey = usePasskeySignIn();
  const autofill = usePasskeySignIn();
  const [passkeys] = useState(browserSupportsWebAuthn);
  const { mutate: offerPasskeys } = autofill;
  const [canAutofill, setCanAutofill] = useState(false);
  // The button's prompt replaces the autofill's; each time it ends, the autofill starts again.
  const [autofillRound, setAutofillRound] = useState(0);

  useEffect(() => {
    let live = true;
    void browserSupportsWebAuthnAutofill().then((supported) => {
      if (live) setCanAutofill(supported);
    });
    return () => {
      live = false;
    };
  }, []);

  // Where the browser can, the e-mail field offers the person's passkeys as they focus it
  // (conditional mediation); leaving the page ends that quiet ceremony.
  useEffect(() => {
    if (!canAutofill) return;
    offerPasskeys(true);
    return () => {
      WebAuthnAbortService.cancelCeremony();
    };
  }, [canAutofill, offerPasskeys, autofillRound]);

  // Signed in (just now, or already): on to where they were going, leaving the form out of the
  // history.
  // The state tells /pricing this is the sign-in round trip of a purchase, not a fresh visit.
  if (user) return <Navigate to={destination} replace state={{ afterSignIn: true }} />;

  // A right password on an account with an authenticator app: the code comes next.
  const secondStep = login.data && 'secondStepTicket' in login.data ? login.data : null;
  if (secondStep) {
    return (
      <AuthLayout
        icon={ShieldCheck}
        title="Two-step sign-in"
        description="Your password was right. One more step keeps your account yours."
      >
        <SecondStepForm
          ticket={secondStep.secondStepTicket}
          onRestart={() => {
            login.reset();
          }}
        />
      </AuthLayout>
    );
  }

  // At most one failure shows: the latest attempt's, whichever way it signed in.
  const error = login.error ?? passkey.error ?? autofill.error;
  const unverified = isApiError(error) && error.code === 'EMAIL_NOT_VERIFIED';
  // A new verification mail needs the address, which only the password form has.
  const canResend = unverified && error === login.error;

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
      {notice?.message && !error ? (
        <SuccessAlert className="mb-5">{notice.message}</SuccessAlert>
      ) : null}

      {error ? (
        <Alert variant="destructive" className="mb-5">
          <CircleAlert aria-hidden="true" />
          {unverified ? <AlertTitle>Email not verified</AlertTitle> : null}
          <AlertDescription>
            <p>{errorMessage(error, AUTH_MESSAGES.invalidCredentials)}</p>
            {canResend ? (
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
          passkey.reset();
          autofill.reset();
          login.mutate(values);
        })}
      >
        {/* 'webauthn' lets the browser list passkeys under the field (the autofill above). */}
        <InputField
          label="Email"
          error={errors.email?.message}
          type="email"
          inputMode="email"
          autoComplete="username webauthn"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="you@example.com"
          {...register('email')}
        />
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
      {passkeys ? (
        <Button
          variant="outline"
          className="mt-3 w-full"
          disabled={passkey.isPending}
          onClick={() => {
            login.reset();
            resend.reset();
            autofill.reset();
            passkey.mutate(false, {
              onSettled: () => {
                setAutofillRound((n) => n + 1);
              },
            });
          }}
        >
          <KeyRound aria-hidden="true" />
          {passkey.isPending ? 'Waiting for your passkey...' : 'Sign in with a passkey'}
        </Button>
      ) : null}
    </AuthLayout>
  );
}
