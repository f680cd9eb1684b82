import {
  MODERATION_MESSAGES,
  REPORT_NOTE_MAX_LENGTH,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
} from '@pbshare/shared';
import { CircleAlert } from 'lucide-react';
import { useId, useRef, useState, type SubmitEvent } from 'react';

import { Button } from '@/components/ui/button';
import { sendReport, type ReportField } from '../api/send-report';
import { liveAccessToken } from '../use-viewer-is-owner';

/** Said when no reason is picked. */
export const REASON_MISSING_MESSAGE = 'Choose a reason';

/** Enough to catch a slip of the finger; the server decides what an address is. */
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const inputClasses =
  'w-full rounded-xl border border-input bg-background px-3.5 text-base text-foreground shadow-xs focus-visible:border-ring focus-visible:ring-4 focus-visible:ring-ring/15 focus-visible:outline-none aria-invalid:border-destructive md:text-sm';

function storedToken(): string | null {
  try {
    return liveAccessToken(window.localStorage);
  } catch {
    return null;
  }
}

export interface ReportFormProps {
  username: string;
  /** The PB reported; absent for the whole profile. */
  pbId: string | undefined;
  onSent: () => void;
  onCancel: () => void;
}

/**
 * Why, an optional note, and (for a visitor who is not signed in) where to answer. A signed-in
 * visitor reports as their account: their token goes along and no e-mail is asked for.
 */
export function ReportForm({ username, pbId, onSent, onCancel }: ReportFormProps) {
  const id = useId();
  const [token, setToken] = useState(storedToken);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Partial<Record<ReportField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const firstReasonRef = useRef<HTMLInputElement>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const askEmail = token === null;

  /** A field edited is no longer wrong, until the next try says otherwise. */
  function clearError(field: ReportField) {
    setErrors(({ [field]: _fixed, ...rest }) => rest);
  }

  /** Shows the problems and puts focus on the first of them. */
  function showErrors(found: Partial<Record<ReportField, string>>) {
    setErrors(found);
    if (found.reason) firstReasonRef.current?.focus();
    else if (found.note) noteRef.current?.focus();
    else if (found.email) emailRef.current?.focus();
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setFormError(null);
    const trimmedEmail = email.trim();
    const found: Partial<Record<ReportField, string>> = {};
    if (!reason) found.reason = REASON_MISSING_MESSAGE;
    if (askEmail && !LOOKS_LIKE_EMAIL.test(trimmedEmail)) {
      found.email = MODERATION_MESSAGES.emailForAnswer;
    }
    showErrors(found);
    if (!reason || found.email) return;

    setSending(true);
    const answer = await sendReport(
      {
        username,
        ...(pbId ? { pbId } : {}),
        reason,
        note: note.trim(),
        ...(askEmail ? { email: trimmedEmail } : {}),
      },
      token,
    );
    setSending(false);
    if (answer.sent) {
      onSent();
      return;
    }
    // The server took the token for no session (signed out elsewhere since): ask for an e-mail.
    if (answer.fields.email && !askEmail) setToken(null);
    showErrors(answer.fields);
    if (Object.keys(answer.fields).length === 0) setFormError(answer.message);
  }

  const errorId = (field: ReportField) => (errors[field] ? `${id}-${field}-error` : undefined);

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-5 grid gap-5">
      <fieldset aria-describedby={errorId('reason')}>
        <legend className="text-sm font-medium">What&apos;s wrong?</legend>
        <div className="mt-2 grid">
          {REPORT_REASONS.map((value, position) => (
            <label
              key={value}
              className="-mx-2 flex min-h-10 cursor-pointer items-center gap-3 rounded-lg px-2 text-sm hover:bg-muted"
            >
              <input
                ref={position === 0 ? firstReasonRef : undefined}
                type="radio"
                name="reason"
                value={value}
                required
                checked={reason === value}
                onChange={() => {
                  setReason(value);
                  clearError('reason');
                }}
                aria-invalid={errors.reason ? true : undefined}
                className="size-4 shrink-0 accent-primary"
              />
              {REPORT_REASON_LABELS[value]}
            </label>
          ))}
        </div>
        <FieldMessage id={errorId('reason')} message={errors.reason} />
      </fieldset>

      <div className="grid gap-2">
        <label htmlFor={`${id}-note`} className="text-sm font-medium">
          Anything we should know? (optional)
        </label>
        <textarea
          ref={noteRef}
          id={`${id}-note`}
          rows={3}
          maxLength={REPORT_NOTE_MAX_LENGTH}
          value={note}
          onChange={(event) => {
            setNote(event.target.value);
            clearError('note');
          }}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={errorId('note')}
          className={`${inputClasses} min-h-20 resize-y py-2.5 leading-relaxed`}
        />
        <FieldMessage id={errorId('note')} message={errors.note} />
      </div>

      {askEmail ? (
        <div className="grid gap-2">
          <label htmlFor={`${id}-email`} className="text-sm font-medium">
            Your e-mail, for our answer
          </label>
          <input
            ref={emailRef}
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              clearError('email');
            }}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errorId('email')}
            className={`${inputClasses} h-11`}
          />
          <FieldMessage id={errorId('email')} message={errors.email} />
        </div>
      ) : null}

      {formError ? (
        <p
          role="alert"
          className="flex items-start gap-2.5 rounded-xl border border-destructive/30 bg-destructive-soft px-4 py-3 text-sm text-destructive-hover"
        >
          <CircleAlert className="mt-px size-4 shrink-0" aria-hidden="true" />
          {formError}
        </p>
      ) : null}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        {/* Not disabled while it sends (a disabled button drops focus out of the form): a second
            press is simply ignored. */}
        <Button type="submit" aria-busy={sending || undefined}>
          {sending ? 'Sending…' : 'Send report'}
        </Button>
      </div>
    </form>
  );
}

function FieldMessage({ id, message }: { id: string | undefined; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-2 text-sm font-medium text-destructive-hover">
      {message}
    </p>
  );
}
