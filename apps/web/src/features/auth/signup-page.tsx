import { zodResolver } from '@hookform/resolvers/zod';
import { PRODUCT_NAME, registerInputSchema, type RegisterInput } from '@pbshare/shared';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Navigate, useSearchParams } from 'react-router';

import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { TextLink } from '@/components/ui/text-link';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { isApiError } from '@/lib/api-client';
import { applyFieldErrors, errorMessage } from '@/lib/form-errors';
import { useRegister } from './api/register';
import { AuthLayout } from './components/auth-layout';
import { NEW_PASSWORD_HINT } from './components/new-password-fields';
import { VerifyEmailNotice } from './components/verify-email-notice';
import { useAuth } from './use-auth';
import { EmailField } from './components/email-field';

export const SIGNUP_FAILED_MESSAGE = 'We could not create your account. Please try again.';

export function SignupPage() {
  const { user } = useAuth();
  const [searchParams] = useSearchParams();
  // After a successful sign-up: the address the link went to. 'Try again' brings the form back.
  const [sentTo, setSentTo] = useState<string | null>(null);
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
        }}
      />
    );
  }

  return (
    <SignupForm
      defaultValues={lastValues}
      onRegistered={(values, email) => {
        setLastValues({ ...values, password: '' });
        setSentTo(email);
      }}
    />
  );
}

interface SignupFormProps {
  defaultValues: RegisterInput;
  onRegistered: (values: RegisterInput, email: string) => void;
}

function SignupForm({ defaultValues, onRegistered }: SignupFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm({ resolver: zodResolver(registerInputSchema), defaultValues });
  const signUp = useRegister();
  const username = useWatch({ control, name: 'displayName' });
  const host = window.location.host;

  return (
    <AuthLayout
      icon={<UserPlus aria-hidden="true" />}
      title="Create your account"
      description="Log your personal bests with the proof and the story, and share them on one link."
      footer={
        <>
          Already have an account? <TextLink to="/login">Sign in</TextLink>
        </>
      }
    >
      {signUp.error ? (
        <ErrorAlert
          className="mb-5"
          link={
            isApiError(signUp.error) && signUp.error.code === 'EMAIL_TAKEN'
              ? { to: '/login', label: 'Go to sign in' }
              : undefined
          }
        >
          {errorMessage(signUp.error, SIGNUP_FAILED_MESSAGE)}
        </ErrorAlert>
      ) : null}

      <form
        noValidate
        aria-label="Sign up"
        className="grid gap-5"
        onSubmit={(event) => {
          void handleSubmit(async (values) => {
            try {
              const user = await signUp.mutateAsync(values);
              onRegistered(values, user.email);
            } catch (error) {
              applyFieldErrors(error, setError, ['email', 'password', 'displayName'], {
                EMAIL_TAKEN: 'email',
                USERNAME_TAKEN: 'displayName',
              });
            }
          })(event);
        }}
      >
        <EmailField registration={register('email')} error={errors.email?.message} />
        <Field label="Password" hint={NEW_PASSWORD_HINT} error={errors.password?.message}>
          {(control) => (
            <PasswordInput {...control} autoComplete="new-password" {...register('password')} />
          )}
        </Field>
        <Field
          label="Username"
          hint={
            <>
              Your public page: {host}/
              <span className="font-medium text-foreground">{username.trim() || 'username'}</span>
            </>
          }
          error={errors.displayName?.message}
        >
          {(control) => (
            <Input
              {...control}
              autoComplete="username"
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              placeholder="yourname"
              {...register('displayName')}
            />
          )}
        </Field>
        <Button type="submit" size="lg" className="mt-1 w-full" disabled={signUp.isPending}>
          {signUp.isPending ? 'Creating account...' : 'Create account'}
        </Button>
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
      </form>
    </AuthLayout>
  );
}
