import { TWO_STEP_MESSAGES } from '@pbshare/shared';
import { CircleAlert } from 'lucide-react';
import { useState, type SubmitEvent } from 'react';

import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/field';
import { Form, SubmitButton } from '@/components/ui/form';
import { errorMessage } from '@/lib/form-errors';
import { useSecondStep } from '../api/login';

/**
 * Sign-in's second step, after a right password on an account with an authenticator app: the
 * app's six digits, or one of the recovery codes. The ticket the password earned goes along.
 */
export function SecondStepForm({ ticket, onRestart }: { ticket: string; onRestart: () => void }) {
  const secondStep = useSecondStep();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = value.trim();
    if (!typed) return;
    secondStep.mutate(recovery ? { ticket, recoveryCode: typed } : { ticket, code: typed });
  };
  const expired =
    secondStep.error && errorMessage(secondStep.error, '') === TWO_STEP_MESSAGES.ticketExpired;

  return (
    <div className="grid gap-5">
      <p className="text-sm text-muted-foreground">
        {recovery
          ? 'Enter one of the recovery codes you saved when you turned on two-step sign-in. Each code works once.'
          : TWO_STEP_MESSAGES.secondStepNeeded}
      </p>
      {secondStep.error ? (
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>
            <p>{errorMessage(secondStep.error, TWO_STEP_MESSAGES.wrongCode)}</p>
          </AlertDescription>
        </Alert>
      ) : null}
      {expired ? (
        <Button onClick={onRestart}>Sign in again</Button>
      ) : (
        <Form aria-label="Second step" onSubmit={submit}>
          <InputField
            key={recovery ? 'recovery' : 'code'}
            label={recovery ? 'Recovery code' : 'Code from your app'}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
            }}
            autoFocus
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            {...(recovery
              ? { placeholder: 'abcde-fghjk' }
              : {
                  inputMode: 'numeric' as const,
                  pattern: '[0-9 ]*',
                  maxLength: 7,
                  placeholder: '123456',
                })}
          />
          <SubmitButton
            className="mt-1 w-full"
            pending={secondStep.isPending}
            pendingLabel="Checking..."
          >
            Verify
          </SubmitButton>
        </Form>
      )}
      <div className="flex flex-wrap justify-between gap-2">
        <Button
          variant="link"
          onClick={() => {
            setRecovery(!recovery);
            setValue('');
            secondStep.reset();
          }}
        >
          {recovery ? 'Use a code from your app' : 'Use a recovery code'}
        </Button>
        <Button variant="link" onClick={onRestart}>
          Back
        </Button>
      </div>
    </div>
  );
}
