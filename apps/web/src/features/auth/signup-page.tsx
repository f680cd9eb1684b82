import { zodResolver } from '@hookform/resolvers/zod';
import {
  AUTH_MESSAGES,
  PRODUCT_NAME,
  passkeySignUpDetailsSchema,
  registerInputSchema,
  type RegisterInput,
} from '@pbshare/shared';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { Info, KeyRound, UserPlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Navigate, useSearchParams } from 'react-router';

import { Alert, AlertDescription, ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Form, SubmitButton } from '@/components/ui/form';
import { TextLink } from '@/components/ui/text-link';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { applyFieldErrors, errorMessage } from '@/lib/form-errors';
import { usePasskeySignUp } from './api/passkey-sign-up';
import { useRegister } from './api/register';
import { AuthLayout } from './components/auth-layout';
import { NewPasswordField } from './components/new-password-fields';
import { UsernameField } from './components/username-field';
import { VerifyEmailNotice } from './components/verify-email-notice';
import { useAuth } from './use-auth';
import { EmailField } from './components/email-field';

export const SIGNUP_FAILED_MESSAGE = 'We could not create your account. Please try again.';
export const PASSKEY_SIGN_UP_CANCELLED_MESSAGE =
  'No passkey was made. Your details are still here: try again, or choose a password instead.';

export function SignupPage() {
  const { user } = useAuth();
  const [searchParams] = useSearchParams();
  // After a successful sign-up: the address the link went to. 'Try again' brings the form back.
  const [sentTo, setSentTo] = useState<string | null>(null);
  // Back from the verify screen: the same name and password fix a mistyped address (§2).
  const [retrying, setRetrying] = useState(false);
  // A passkey sign-up has no password to prove a pending account is the same person's, so its
  // verify screen offers no 'Try again' with the same username.
  const [byPasskey, setByPasskey] = useState(false);
  useDocumentTitle(pageTitle(sentTo === null ? 'Sign up' : 'Verify your email'));
  const [lastValues, setLastValues] = useState<RegisterInput>({
    email: '',
    password: '',
    displayName: searchParams.get('username') ?? '',
  });

  if (user) return <Navigate to="/profile" replace />;

  if (sentTo !== null) {
    return (
      <VerifyEmailNotice
        email={sentTo}
        onTryAgain={
          byPasskey
            ? undefined
            : () => {
                setSentTo(null);
                setRetrying(true);
              }
        }
      />
    );
  }

  return (
    <SignupForm
      defaultValues={lastValues}
      retrying={retrying}
      onRegistered={(values, email, withPasskey) => {
        setLastValues({ ...values, password: '' });
        setByPasskey(withPasskey);
        setSentTo(email);
      }}
    />
  );
}

interface SignupFormProps {
  defaultValues: RegisterInput;
  /** Says the username is kept and puts the cursor in the e-mail, the field to correct. */
  retrying: boolean;
  onRegistered: (values: RegisterInput, email: string, withPasskey: boolean) => void;
}

function SignupForm({ defaultValues, retrying, onRegistered }: SignupFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    control,
    setFocus,
    trigger,
    getValues,
    clearErrors,
    formState: { errors },
  } = useForm({ resolver: zodResolver(registerInputSchema), defaultValues });
  useEffect(() => {
    if (retrying) setFocus('email');
  }, [retrying, setFocus]);
  const signUp = useRegister();
  const passkey = usePasskeySignUp();
  const [passkeys] = useState(browserSupportsWebAuthn);
  const [cancelled, setCancelled] = useState(false);
  const username = useWatch({ control, name: 'displayName' });
  // At most one failure shows: the latest attempt's, whichever way it signed up.
  const error = signUp.error ?? passkey.error;

  // The passkey takes the password's place: only the e-mail and the username are checked.
  const signUpWithPasskey = async () => {
    signUp.reset();
    setCancelled(false);
    clearErrors('password');
    if (!(await trigger(['email', 'displayName']))) return;
    const values = getValues();
    const details = passkeySignUpDetailsSchema.parse(values);
    try {
      if (await passkey.mutateAsync(details)) onRegistered(values, details.email, true);
      else setCancelled(true);
    } catch (failure) {
      applyFieldErrors(failure, setError, ['email', 'displayName'], {
        USERNAME_TAKEN: 'displayName',
      });
    }
  };

  return (
    <AuthLayout
      icon={UserPlus}
      title="Create your account"
      description="Log your personal bests with the proof and the story, and share them on one link."
      footer={
        <>
          Already have an account? <TextLink to="/login">Sign in</TextLink>
        </>
      }
    >
      {error ? (
        <ErrorAlert className="mb-5">{errorMessage(error, SIGNUP_FAILED_MESSAGE)}</ErrorAlert>
      ) : null}

      {cancelled && !error ? (
        <Alert className="mb-5" role="status">
          <Info aria-hidden="true" />
          <AlertDescription>{PASSKEY_SIGN_UP_CANCELLED_MESSAGE}</AlertDescription>
        </Alert>
      ) : null}

      {retrying ? (
        <Alert className="mb-5">
          <Info aria-hidden="true" />
          <AlertDescription>{AUTH_MESSAGES.usernameKeptForRetry}</AlertDescription>
        </Alert>
      ) : null}

      <Form
        aria-label="Sign up"
        onSubmit={handleSubmit(async (values) => {
          passkey.reset();
          setCancelled(false);
          try {
            // The answer names no account (it reads the same for a taken address): the link went
            // to the address as sent, which the form's schema normalised as the server does.
            await signUp.mutateAsync(values);
            onRegistered(values, values.email, false);
          } catch (error) {
            applyFieldErrors(error, setError, ['email', 'password', 'displayName'], {
              USERNAME_TAKEN: 'displayName',
            });
          }
        })}
      >
        <EmailField registration={register('email')} error={errors.email?.message} />
        <NewPasswordField
          label="Password"
          registration={register('password')}
          error={errors.password?.message}
        />
        <UsernameField
          registration={register('displayName')}
          error={errors.displayName?.message}
          value={username}
          placeholder="yourname"
        />
        <SubmitButton
          className="mt-1 w-full"
          pending={signUp.isPending}
          pendingLabel="Creating account..."
        >
          Create account
        </SubmitButton>
        {passkeys ? (
          <Button
            variant="outline"
            className="w-full"
            disabled={passkey.isPending || signUp.isPending}
            onClick={() => void signUpWithPasskey()}
          >
            <KeyRound aria-hidden="true" />
            {passkey.isPending ? 'Waiting for your passkey...' : 'Sign up with a passkey'}
          </Button>
        ) : null}
        <p className="text-center text-xs leading-relaxed text-muted-foreground">
          By signing up you agree to the{' '}
          <TextLink to="/terms" className="font-medium">
            Terms of Service
          </TextLink>{' '}
          and the{' '}
          <TextLink to="/privacy" className="font-medium">
            Privacy Policy
          </TextLink>{' '}
          of {PRODUCT_NAME}.
        </p>
      </Form>
    </AuthLayout>
  );
}
