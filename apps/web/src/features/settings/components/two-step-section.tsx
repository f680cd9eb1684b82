import { TWO_STEP_MESSAGES, type TwoStepSetup } from '@pbshare/shared';
import { ShieldCheck } from 'lucide-react';
import { useState, type SubmitEvent } from 'react';

import { ErrorAlert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { InputField, PasswordField } from '@/components/ui/field';
import { Form, SubmitButton } from '@/components/ui/form';
import { RetryButton } from '@/components/ui/retry-button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toaster';
import { errorMessage } from '@/lib/form-errors';
import {
  useTwoStepDisable,
  useTwoStepEnable,
  useTwoStepSetup,
  useTwoStepStatus,
} from '../api/two-step';
import { RecoveryCodes } from './recovery-codes';

type Stage =
  | { name: 'idle' }
  | { name: 'password' }
  | { name: 'scan'; setup: TwoStepSetup }
  | { name: 'codes'; codes: string[] }
  | { name: 'turning-off' };

/** Settings → Security → Authenticator app: set up, recovery codes once, and turning it off. */
export function TwoStepSection() {
  const status = useTwoStepStatus();
  const [stage, setStage] = useState<Stage>({ name: 'idle' });
  const idle = () => {
    setStage({ name: 'idle' });
  };

  if (stage.name === 'codes') {
    return <RecoveryCodes codes={stage.codes} onDone={idle} />;
  }
  if (status.isPending) return <Spinner label="Loading two-step sign-in" />;
  if (status.isError) {
    return (
      <div className="grid justify-items-start gap-3">
        <p className="text-sm text-muted-foreground">Two-step sign-in could not be loaded.</p>
        <RetryButton onRetry={() => status.refetch()} />
      </div>
    );
  }

  if (status.data.enabled) {
    return stage.name === 'turning-off' ? (
      <TurnOffForm onDone={idle} />
    ) : (
      <div className="grid justify-items-start gap-3">
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <Badge variant="brand">
            <ShieldCheck aria-hidden="true" />
            On
          </Badge>
          {status.data.recoveryCodesLeft} of 10 recovery codes left
        </p>
        <Button
          variant="outline"
          onClick={() => {
            setStage({ name: 'turning-off' });
          }}
        >
          Turn off
        </Button>
      </div>
    );
  }

  if (stage.name === 'password') {
    return (
      <StartForm
        onStarted={(setup) => {
          setStage({ name: 'scan', setup });
        }}
        onCancel={idle}
      />
    );
  }
  if (stage.name === 'scan') {
    return (
      <ScanForm
        setup={stage.setup}
        onEnabled={(codes) => {
          setStage({ name: 'codes', codes });
        }}
        onCancel={idle}
      />
    );
  }
  return (
    <Button
      variant="outline"
      className="w-full sm:w-auto sm:justify-self-start"
      onClick={() => {
        setStage({ name: 'password' });
      }}
    >
      Set up an authenticator app
    </Button>
  );
}

function StartForm({
  onStarted,
  onCancel,
}: {
  onStarted: (setup: TwoStepSetup) => void;
  onCancel: () => void;
}) {
  const setup = useTwoStepSetup();
  const [password, setPassword] = useState('');
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password) setup.mutate(password, { onSuccess: onStarted });
  };
  return (
    <Form aria-label="Start the setup" onSubmit={submit}>
      <PasswordField
        label="Your password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
        }}
        error={setup.error ? errorMessage(setup.error, 'Please try again.') : undefined}
      />
      <div className="flex flex-wrap gap-3">
        <SubmitButton pending={setup.isPending} pendingLabel="Checking...">
          Continue
        </SubmitButton>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}

function ScanForm({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TwoStepSetup;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const enable = useTwoStepEnable();
  const [code, setCode] = useState('');
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (code.trim()) enable.mutate(code.trim(), { onSuccess: onEnabled });
  };
  const qr = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`;
  return (
    <div className="grid gap-4">
      <p className="text-sm">
        Scan this code with an authenticator app (such as Google Authenticator, 1Password or Authy),
        then type the 6-digit code it shows.
      </p>
      <img
        src={qr}
        alt="QR code for your authenticator app"
        className="size-44 rounded-xl border border-border bg-white p-2"
      />
      <p className="text-sm text-muted-foreground">
        Can&apos;t scan it? Enter this key in the app:{' '}
        <code data-testid="two-step-secret" className="font-mono break-all text-foreground">
          {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
        </code>
      </p>
      <Form aria-label="Confirm the app" onSubmit={submit}>
        <InputField
          label="Code from your app"
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="123456"
          maxLength={7}
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
          }}
          error={enable.error ? errorMessage(enable.error, TWO_STEP_MESSAGES.wrongCode) : undefined}
        />
        <div className="flex flex-wrap gap-3">
          <SubmitButton pending={enable.isPending} pendingLabel="Checking...">
            Turn on
          </SubmitButton>
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </Form>
    </div>
  );
}

function TurnOffForm({ onDone }: { onDone: () => void }) {
  const disable = useTwoStepDisable();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password || !code.trim()) return;
    disable.mutate(
      { password, code: code.trim() },
      {
        onSuccess: () => {
          toast.success(TWO_STEP_MESSAGES.disabled);
          onDone();
        },
      },
    );
  };
  return (
    <Form aria-label="Turn off two-step sign-in" onSubmit={submit}>
      {disable.error ? (
        <ErrorAlert>{errorMessage(disable.error, 'Please try again.')}</ErrorAlert>
      ) : null}
      <PasswordField
        label="Your password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
        }}
      />
      <InputField
        label="Code from your app or a recovery code"
        autoComplete="one-time-code"
        autoCapitalize="none"
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
        }}
      />
      <div className="flex flex-wrap gap-3">
        <SubmitButton pending={disable.isPending} pendingLabel="Turning off...">
          Turn off two-step sign-in
        </SubmitButton>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
