import { MODERATION_MESSAGES } from '@pbshare/shared';
import { CircleCheck } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';

import { Button } from '@/components/ui/button';
import { ReportForm } from './report-form';
import type { ReportSubject } from './use-report-launcher';

export interface ReportDialogProps {
  /** Whose page it is. */
  username: string;
  subject: ReportSubject;
  /** The visitor is done: Cancel, Close or Escape. */
  onClose: () => void;
}

/**
 * The report form in a modal (loaded on the first Report, use-report-launcher.ts). A native
 * <dialog>: the browser keeps focus inside and the rest of the page inert, and Escape closes it,
 * without a dialog library on a page that has none. Focus goes back to the Report control after.
 */
export function ReportDialog({ username, subject, onClose }: ReportDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const [sent, setSent] = useState(false);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (document.activeElement instanceof HTMLElement) {
      openerRef.current ??= document.activeElement;
    }
    if (!dialog.open) dialog.showModal();
    return () => {
      // Run once the dialog has left the page, when the control under it can take focus again.
      openerRef.current?.focus();
    };
  }, []);

  useEffect(() => {
    // The form, and the button that sent it, are gone: focus goes to the way out.
    if (sent) closeRef.current?.focus();
  }, [sent]);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      // Escape, or the phone's Back gesture: the dialog goes at once, with the press, so a press on
      // Report straight after opens a new one (the browser's own close would land a task later).
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // The page under it listens for keys on the document (the story's arrows, Space and
      // Escape): typing in the form is the form's alone.
      onKeyDown={(event) => {
        event.stopPropagation();
      }}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md overflow-y-auto rounded-2xl bg-background p-5 text-left sm:p-6 text-foreground shadow-float backdrop:bg-ink/70 backdrop:backdrop-blur-sm"
    >
      <h2 id={titleId} className="text-lg leading-tight font-semibold tracking-tight">
        Report
      </h2>
      <p id={descriptionId} className="mt-1.5 text-sm leading-relaxed text-muted-foreground">
        {subject.pb
          ? `About ${subject.pb.title} on ${username}'s page.`
          : `About ${username}'s profile.`}{' '}
        They won&apos;t learn who reported it.
      </p>
      {sent ? (
        <>
          <p
            role="status"
            className="mt-5 flex items-center gap-2.5 rounded-xl bg-muted px-4 py-3 text-sm font-medium"
          >
            <CircleCheck className="size-5 shrink-0 text-success" aria-hidden="true" />
            {MODERATION_MESSAGES.reportThanks}
          </p>
          <div className="mt-6 flex justify-end">
            <Button ref={closeRef} onClick={onClose}>
              Close
            </Button>
          </div>
        </>
      ) : (
        <ReportForm
          username={username}
          pbId={subject.pb?.id}
          onSent={() => {
            setSent(true);
          }}
          onCancel={onClose}
        />
      )}
    </dialog>
  );
}
