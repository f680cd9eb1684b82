import { USERNAME_HOLD_DAYS } from '@pbshare/shared';

import { QuestionDialog } from '@/components/ui/question-dialog';

export interface LinkChange {
  from: string;
  to: string;
}

/** What a rename does to the public link: it moves, and the old one redirects for a while. */
export function linkChangeMessage({ from, to }: LinkChange, host: string): string {
  return `Your public page moves to ${host}/${to}. Links to ${host}/${from} keep working for ${USERNAME_HOLD_DAYS} days, then that name is free for others.`;
}

/**
 * Asks before a username change is saved (docs/PRODUCT.md §2, Settings): the public link is what
 * people have shared, so moving it is said first. Cancel, Escape or a click outside save nothing.
 */
export function ChangeLinkDialog({
  change,
  onAnswer,
}: {
  /** The rename waiting on the answer; none when null. */
  change: LinkChange | null;
  onAnswer: (confirmed: boolean) => void;
}) {
  return (
    <QuestionDialog
      title="Change your link?"
      question={change ? linkChangeMessage(change, window.location.host) : null}
      confirmLabel="Change link"
      onAnswer={onAnswer}
    />
  );
}
