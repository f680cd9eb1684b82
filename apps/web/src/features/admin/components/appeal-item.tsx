import type { QueueAppeal } from '@pbshare/shared';

import { appealActions, type ActionRequest } from '../action-request';
import { formatWhen } from '../moderation-words';
import { ActionButtons } from './action-buttons';
import { AuditEntryView } from './audit-entry-view';
import { ProfileLink } from './profile-link';

/** One open appeal: who appeals, what they say, the decision appealed and the two answers. */
export function AppealItem({
  appeal,
  onAction,
}: {
  appeal: QueueAppeal;
  onAction: (request: ActionRequest) => void;
}) {
  return (
    <article
      aria-label={`Appeal from @${appeal.username}`}
      className="rounded-2xl border border-border bg-background p-4 shadow-card sm:p-6"
    >
      <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 className="text-lg font-semibold tracking-tight">
          Appeal from <ProfileLink username={appeal.username} />
        </h3>
        <p className="text-sm text-muted-foreground">
          Sent <time dateTime={appeal.createdAt}>{formatWhen(appeal.createdAt)}</time>
        </p>
      </header>
      <blockquote className="mt-4 rounded-xl bg-muted px-4 py-3 text-[0.9375rem] leading-relaxed break-words whitespace-pre-line">
        {appeal.message}
      </blockquote>
      <section className="mt-4 rounded-xl border border-border px-4 py-3">
        <h4 className="mb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          The decision appealed
        </h4>
        <AuditEntryView entry={appeal.decision} />
      </section>
      <ActionButtons className="mt-5" actions={appealActions(appeal)} onAction={onAction} />
    </article>
  );
}
