import { AUTH_MESSAGES } from '@pbshare/shared';
import { MailCheck, MailOpen } from 'lucide-react';
import { Link } from 'react-router';

import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field';
import { errorMessage } from '@/lib/form-errors';
import { useResendVerification } from '../api/resend-verification';
import { EMAIL_NOT_SENT_MESSAGE } from '../messages';
import { AuthLayout } from './auth-layout';

export interface VerifyEmailNoticeProps {
  email: string;
  /** Back to the form to fix a mistyped address; without it, the screen offers no way back. */
  onTryAgain?: (() => void) | undefined;
}

/** The screen after sign-up (docs/PRODUCT.md §2, /signup): check your inbox, then sign in. */
export function VerifyEmailNotice({ email, onTryAgain }: VerifyEmailNoticeProps) {
  const resend = useResendVerification();

  return (
    <AuthLayout
      icon={MailOpen}
      title="Verify Your Email"
      description={
        <>
          We sent a verification link to
          <strong className="block font-semibold text-foreground [overflow-wrap:anywhere]">
            {email}
          </strong>
        </>
      }
    >
      <Alert>
        <MailCheck aria-hidden="true" />
        <AlertTitle>Check your inbox</AlertTitle>
        <AlertDescription>
          Open the email and follow the link to verify your account, then sign in. The link works
          for 24 hours; if you cannot find the email, look in your spam folder.
        </AlertDescription>
      </Alert>

      <Button asChild size="lg" className="mt-6 w-full">
        <Link to="/login" state={{ email }}>
          I have verified my email
        </Link>
      </Button>

      <div className="mt-6 grid gap-2 text-center text-sm text-muted-foreground">
        {resend.isSuccess ? (
          <p role="status" className="font-medium text-foreground">
            {AUTH_MESSAGES.verificationResent}
          </p>
        ) : (
          <p>
            No email?{' '}
            <Button
              variant="link"
              disabled={resend.isPending}
              onClick={() => {
                resend.mutate(email);
              }}
            >
              {resend.isPending ? 'Sending...' : 'Send it again'}
            </Button>
          </p>
        )}
        <FieldError
          message={resend.error ? errorMessage(resend.error, EMAIL_NOT_SENT_MESSAGE) : undefined}
        />
        {onTryAgain ? (
          <p>
            Wrong address?{' '}
            <Button variant="link" onClick={onTryAgain}>
              Try again
            </Button>
          </p>
        ) : null}
      </div>
    </AuthLayout>
  );
}
