import { REPORT_REASON_LABELS, type QueueItem } from '@pbshare/shared';
import { EyeOff, Flag, UserX } from 'lucide-react';
import type { ReactNode } from 'react';

import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { itemActions, type ActionRequest } from '../action-request';
import { formatWhen } from '../moderation-words';
import { ActionButtons } from './action-buttons';
import { AuditEntryView } from './audit-entry-view';
import { ProfileLink } from './profile-link';
import { ReportMedia } from './report-media';

/**
 * One open item of the queue: a profile, or one of its PBs, with everything reported about it,
 * what is in force already and what was done to the account before; then the actions.
 */
export function ReportItem({
  item,
  onAction,
}: {
  item: QueueItem;
  onAction: (request: ActionRequest) => void;
}) {
  const { profile, pb } = item;
  return (
    <article
      aria-label={pb ? `${pb.title} by @${profile.username}` : `Profile @${profile.username}`}
      className="rounded-2xl border border-border bg-background p-4 shadow-card sm:p-6"
    >
      <header className="flex items-center gap-3">
        <Avatar src={profile.avatarUrl} name={profile.username} size="md" />
        <div className="min-w-0 flex-1">
          <ProfileLink username={profile.username} />
          <h3 className="truncate text-lg font-semibold tracking-tight">
            {pb ? pb.title : 'The whole profile'}
          </h3>
        </div>
        <Badge variant="brand" className="self-start">
          <Flag aria-hidden="true" />
          {item.total === 1 ? '1 report' : `${item.total} reports`}
        </Badge>
      </header>

      <div className={pb ? 'mt-5 grid gap-5 md:grid-cols-[13rem_minmax(0,1fr)] md:gap-6' : 'mt-5'}>
        {pb ? <ReportMedia pb={pb} /> : null}
        <div className="grid min-w-0 content-start gap-5">
          <InForce item={item} />
          <Section title="Reasons">
            <ul className="flex flex-wrap gap-2">
              {item.reasons.map(({ reason, count }) => (
                <li key={reason}>
                  <Badge variant="outline" className="text-sm font-medium">
                    {REPORT_REASON_LABELS[reason]}
                    <span className="font-bold">× {count}</span>
                  </Badge>
                </li>
              ))}
            </ul>
            <p className="mt-2 text-sm text-muted-foreground">
              Total: {item.total} · first reported{' '}
              <time dateTime={item.firstReportedAt}>{formatWhen(item.firstReportedAt)}</time>, last
              reported <time dateTime={item.lastReportedAt}>{formatWhen(item.lastReportedAt)}</time>
            </p>
          </Section>
          <Section title="Notes">
            {item.notes.length === 0 ? (
              <p className="text-sm text-muted-foreground">No notes.</p>
            ) : (
              <ul className="grid gap-2">
                {item.notes.map((note, index) => (
                  // Notes carry no id and may repeat; their order is fixed (newest first).
                  <li
                    key={index}
                    className="rounded-xl bg-muted px-3 py-2 text-sm break-words whitespace-pre-line"
                  >
                    {note}
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <Section title="History of the account">
            {item.history.length === 0 ? (
              <p className="text-sm text-muted-foreground">No earlier actions.</p>
            ) : (
              <ol className="grid gap-3">
                {item.history.map((entry) => (
                  <li key={entry.id} className="border-l-2 border-border pl-3">
                    <AuditEntryView entry={entry} />
                  </li>
                ))}
              </ol>
            )}
          </Section>
        </div>
      </div>

      <ActionButtons className="mt-6" actions={itemActions(item)} onAction={onAction} />
    </article>
  );
}

/** What moderation already did here (a suspension, a hidden PB), so no one does it twice. */
function InForce({ item }: { item: QueueItem }) {
  const { suspended } = item.profile;
  const hidden = item.pb?.hidden ?? null;
  if (!suspended && !hidden) return null;
  return (
    <div className="grid gap-2">
      {suspended ? (
        <State icon={<UserX aria-hidden="true" />}>
          Profile suspended <time dateTime={suspended.at}>{formatWhen(suspended.at)}</time>:{' '}
          {suspended.reason}
        </State>
      ) : null}
      {hidden ? (
        <State icon={<EyeOff aria-hidden="true" />}>
          PB hidden <time dateTime={hidden.at}>{formatWhen(hidden.at)}</time>: {hidden.reason}
        </State>
      ) : null}
    </div>
  );
}

function State({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <p className="flex items-start gap-2 rounded-xl border border-destructive/30 bg-destructive-soft px-3 py-2 text-sm text-destructive-hover [&>svg]:mt-0.5 [&>svg]:size-4 [&>svg]:shrink-0">
      {icon}
      <span className="min-w-0 break-words">{children}</span>
    </p>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h4 className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {title}
      </h4>
      {children}
    </section>
  );
}
