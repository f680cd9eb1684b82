import { zodResolver } from '@hookform/resolvers/zod';
import { AUTH_MESSAGES, resetPasswordInputSchema } from '@pbshare/shared';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';

import { ErrorAlert } from '@/components/ui/alert';
import { Form, SubmitButton } from '@/components/ui/form';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { isApiError } from '@/lib/api-client';
import { applyFieldErrors, errorMessage } from '@/lib/form-errors';
import { useResetPassword } from './api/reset-password';
import type { AuthNotice } from './auth-notice';
import { PasswordRecoveryLayout } from './components/auth-layout';
import { NewPasswordFields } from './components/new-password-fields';

export const PASSWORDS_DO_NOT_MATCH = 'The passwords do not match';

// The password rule is the contract's; the confirmation is the form's own.
const resetFormSchema = resetPasswordInputSchema
  .pick({ password: true })
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ['confirmPassword'],
  });

/** /reset-password?token=: the page the reset e-mail links to. */
export function ResetPasswordPage() {
  useDocumentTitle(pageTitle('Choose a new password'));
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const reset = useResetPassword();
  const linkFailed =
    isApiError(reset.error) &&
    (reset.error.code === 'TOKEN_INVALID' || reset.error.code === 'TOKEN_EXPIRED');

  return (
    <PasswordRecoveryLayout
      title="Choose a new password"
      description="Once it is saved, every device signed in to your account is signed out."
    >
      {!token || reset.error ? (
        <ErrorAlert
          className="mb-5"
          link={
            !token || linkFailed
              ? { to: '/forgot-password', label: 'Send me a new link' }
              : undefined
          }
        >
          {token
            ? errorMessage(reset.error, 'Your password could not be reset. Please try again.')
            : 'This reset link is incomplete. Open the link from the email again.'}
        </ErrorAlert>
      ) : null}

      <Form
        aria-label="Choose a new password"
        onSubmit={handleSubmit(async ({ password }) => {
          try {
            await reset.mutateAsync({ token, password });
            const notice: AuthNotice = { message: AUTH_MESSAGES.passwordReset };
            void navigate('/login', { replace: true, state: notice });
          } catch (error) {
            applyFieldErrors(error, setError, ['password']);
          }
        })}
      >
        <NewPasswordFields
          password={{
            label: 'New password',
            registration: register('password'),
            error: errors.password?.message,
          }}
          confirm={{
            label: 'Confirm new password',
            registration: register('confirmPassword'),
            error: errors.confirmPassword?.message,
          }}
        />
        <SubmitButton
          className="w-full"
          pending={reset.isPending}
          pendingLabel="Saving..."
          disabled={!token || linkFailed}
        >
          Reset password
        </SubmitButton>
      </Form>
    </PasswordRecoveryLayout>
  );
}
