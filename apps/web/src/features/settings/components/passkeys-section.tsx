import { PASSKEY_MESSAGES, passkeyNameSchema, type Passkey } from '@pbshare/shared';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { KeyRound } from 'lucide-react';
import { useState, type SyntheticEvent } from 'react';

import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { QuestionDialog } from '@/components/ui/question-dialog';
import { RetryButton } from '@/components/ui/retry-button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toaster';
import { errorMessage } from '@/lib/form-errors';
import { formatLongDate } from '@/lib/format';
import { isCancelledPrompt } from '@/features/auth';
import { isAlreadyOnDevice, usePasskeyChanges, usePasskeys } from '../api/passkeys';

/**
 * Settings → Security → Passkeys: the account's passkeys (sign in with a fingerprint, a face or
 * the screen lock instead of the password); each can be renamed or removed, and this device can
 * add one where the browser supports passkeys.
 */
export function PasskeysSection() {
  const passkeys = usePasskeys();
  const { add, rename, remove } = usePasskeyChanges();
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [supported] = useState(browserSupportsWebAuthn);

  const addOne = async () => {
    try {
      await add.mutateAsync();
      toast.success(PASSKEY_MESSAGES.added);
    } catch (error) {
      // Closing the browser's prompt is a choice, not a failure: nothing to report.
      if (isCancelledPrompt(error)) return;
      toast.error(
        isAlreadyOnDevice(error)
          ? 'This device already has a passkey for your account.'
          : errorMessage(error, 'The passkey could not be added. Please try again.'),
      );
    }
  };

  const removeOne = async (passkey: Passkey) => {
    try {
      await remove.mutateAsync(passkey.id);
      toast.success(PASSKEY_MESSAGES.removed);
    } catch (error) {
      toast.error(errorMessage(error, 'The passkey could not be removed. Please try again.'));
    }
  };

  if (passkeys.isPending) return <Spinner label="Loading your passkeys" />;
  if (passkeys.isError) {
    return (
      <div className="grid justify-items-start gap-3">
        <p className="text-sm text-muted-foreground">Your passkeys could not be loaded.</p>
        <RetryButton onRetry={() => passkeys.refetch()} />
      </div>
    );
  }

  return (
    <div className="grid gap-5">
      {passkeys.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">You have no passkeys yet.</p>
      ) : (
        <ul aria-label="Passkeys" className="grid gap-3">
          {passkeys.data.map((passkey) => (
            <PasskeyRow
              key={passkey.id}
              passkey={passkey}
              busy={remove.isPending || rename.isPending}
              onRename={(name) => rename.mutateAsync({ id: passkey.id, name })}
              onRemove={() => {
                setRemoving(passkey);
              }}
            />
          ))}
        </ul>
      )}
      {supported ? (
        <Button
          variant="outline"
          className="w-full sm:w-auto sm:justify-self-start"
          disabled={add.isPending}
          onClick={() => void addOne()}
        >
          <KeyRound aria-hidden="true" />
          {add.isPending ? 'Adding a passkey...' : 'Add a passkey'}
        </Button>
      ) : (
        <p className="text-sm text-muted-foreground">
          This browser cannot create passkeys. Open your settings in a recent browser on your phone
          or computer to add one.
        </p>
      )}
      <QuestionDialog
        title="Remove this passkey?"
        question={
          removing
            ? `You will no longer be able to sign in with “${removing.name}”. You can also delete it from the device or password manager that holds it.`
            : null
        }
        confirmLabel="Remove"
        onAnswer={(confirmed) => {
          const passkey = removing;
          setRemoving(null);
          if (confirmed && passkey) void removeOne(passkey);
        }}
      />
    </div>
  );
}

function PasskeyRow({
  passkey,
  busy,
  onRename,
  onRemove,
}: {
  passkey: Passkey;
  busy: boolean;
  onRename: (name: string) => Promise<unknown>;
  onRemove: () => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | undefined>();

  const save = async (event: SyntheticEvent) => {
    event.preventDefault();
    const parsed = passkeyNameSchema.safeParse(draft ?? '');
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    try {
      await onRename(parsed.data);
      setDraft(null);
      setProblem(undefined);
      toast.success(PASSKEY_MESSAGES.renamed);
    } catch (error) {
      setProblem(errorMessage(error, 'The passkey could not be renamed. Please try again.'));
    }
  };

  const used = passkey.lastUsedAt
    ? `Last used ${formatLongDate(new Date(passkey.lastUsedAt))}`
    : 'Not used yet';
  return (
    <li className="flex flex-wrap items-start gap-3 rounded-2xl border border-border p-4">
      <KeyRound className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      {draft === null ? (
        <>
          {/* At least 12rem for the words: on a phone the buttons wrap below rather than squeeze them. */}
          <div className="grid min-w-0 flex-1 basis-48 gap-0.5">
            <p className="font-semibold break-words">{passkey.name}</p>
            <p className="text-sm text-muted-foreground">
              Added {formatLongDate(new Date(passkey.createdAt))} · {used}
            </p>
          </div>
          <div className="flex gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={busy}
              aria-label={`Rename ${passkey.name}`}
              onClick={() => {
                setDraft(passkey.name);
              }}
            >
              Rename
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={busy}
              aria-label={`Remove ${passkey.name}`}
              onClick={onRemove}
            >
              Remove
            </Button>
          </div>
        </>
      ) : (
        <form className="grid min-w-0 flex-1 gap-2" onSubmit={(event) => void save(event)}>
          <Input
            aria-label={`New name for ${passkey.name}`}
            aria-invalid={problem ? true : undefined}
            value={draft}
            autoFocus
            onChange={(event) => {
              setDraft(event.target.value);
            }}
          />
          <FieldError message={problem} />
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={busy}>
              Save
            </Button>
            <Button
              variant="outline"
              size="sm"
              onClick={() => {
                setDraft(null);
                setProblem(undefined);
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
      )}
    </li>
  );
}
