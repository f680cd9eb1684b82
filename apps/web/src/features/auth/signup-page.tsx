import { zodResolver } from '@hookform/resolvers/zod';
import {
  AUTH_MESSAGES,
  PRODUCT_NAME,
  registerInputSchema,
  type RegisterInput,
} from '@pbshare/shared';
import { Info, UserPlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Navigate, useSearchParams } from 'react-router';

import { Alert, AlertDescription, ErrorAlert } from '@/components/ui/alert';
import { Form, SubmitButton } from '@/components/ui/form';
import { TextLink } from '@/components/ui/text-link';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { applyFieldErrors, errorMessage } from '@/lib/form-errors';
import { useRegister } from './api/register';
import { AuthLayout } from './components/auth-layout';
import { NewPasswordField } from './components/new-password-fields';
import { UsernameField } from './components/username-field';
import { VerifyEmailNotice } from './components/verify-email-notice';
import { useAuth } from './use-auth';
import { EmailField } from './components/email-field';

export const SIGNUP_FAILED_MESSAGE = 'We could not create your account. Please try again.';

export function SignupPage() {
  const { user } = useAuth();
  const [searchParams] = useSearchParams();
  // After a successful sign-up: the address the link went to. 'Try again' brings the form back.
  const [sentTo, setSentTo] = useState<string | null>(null);
  // Back from the verify screen: the same name and password fix a mistyped address (§2).
  const [retrying, setRetrying] = useState(false);
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
        onTryAgain={() => {
          setSentTo(null);
          setRetrying(true);
        }}
      />
    );
  }

  return (
    <SignupForm
      defaultValues={lastValues}
      retrying={retrying}
      onRegistered={(values, email) => {
        setLastValues({ ...values, password: '' });
        setSentTo(email);
      }}
    />
  );
}

interface SignupFormProps {
  defaultValues: RegisterInput;
  /** Says the username is kept and puts the cursor in the e-mail, the field to correct. */
  retrying: boolean;
  onRegistered: (values: RegisterInput, email: string) => void;
}

function SignupForm({ defaultValues, retrying, onRegistered }: SignupFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    control,
    setFocus,
    formState: { errors },
  } = useForm({ resolver: zodResolver(registerInputSchema), defaultValues });
  useEffect(() => {
    if (retrying) setFocus('email');
  }, [retrying, setFocus]);
  const signUp = useRegister();
  const username = useWatch({ control, name: 'displayName' });

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
      {signUp.error ? (
        <ErrorAlert className="mb-5">
          {errorMessage(signUp.error, SIGNUP_FAILED_MESSAGE)}
        </ErrorAlert>
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
          try {
            // The answer names no account (it reads the same for a taken address): the link went
            // to the address as sent, which the form's schema normalised as the server does.
            await signUp.mutateAsync(values);
            onRegistered(values, values.email);
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
