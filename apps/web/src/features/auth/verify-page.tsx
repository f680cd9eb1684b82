import { AUTH_MESSAGES } from '@pbshare/shared';
import { MailWarning } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

import { ErrorAlert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { TextLink } from '@/components/ui/text-link';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/form-errors';
import { useVerifyEmail } from './api/verify-email';
import type { AuthNotice } from './auth-notice';
import { AuthLayout } from './components/auth-layout';
import { ResendVerificationForm } from './components/resend-verification-form';

const MISSING_TOKEN_MESSAGE =
  'This verification link is incomplete. Open the link from the email again, or ask for a new one.';

/** /verify?token=: spends the mailed link, then on to sign-in (docs/PRODUCT.md §2). */
export function VerifyPage() {
  useDocumentTitle(pageTitle('Verify your email'));
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const navigate = useNavigate();
  const verification = useVerifyEmail(token);
  const verified = verification.isSuccess;

  useEffect(() => {
    // The answer names no account (a spent link must not show whose it was), so sign-in is not
    // prefilled: the notice is enough.
    if (verified) {
      const notice: AuthNotice = { message: AUTH_MESSAGES.emailVerified };
      void navigate('/login', { replace: true, state: notice });
    }
  }, [verified, navigate]);

  if (token && !verification.isError) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-4 px-6 py-24 text-center">
        <Spinner size="lg" label="Verifying your email" />
        <p className="text-lg font-medium" aria-hidden="true">
          Loading...
        </p>
      </div>
    );
  }

  const error = verification.error;
  const expired = isApiError(error) && error.code === 'TOKEN_EXPIRED';
  const message = token
    ? errorMessage(error, 'We could not verify your email. Please try again.')
    : MISSING_TOKEN_MESSAGE;

  return (
    <AuthLayout
      icon={MailWarning}
      title={expired ? 'This link has expired' : 'We could not verify your email'}
      description="Enter the address you signed up with and we will send you a new verification link."
      footer={
        <>
          Already verified? <TextLink to="/login">Sign in</TextLink>
        </>
      }
    >
      <ErrorAlert className="mb-5">{message}</ErrorAlert>
      <ResendVerificationForm />
    </AuthLayout>
  );
}
