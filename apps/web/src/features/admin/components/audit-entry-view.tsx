import type { AuditEntry } from '@pbshare/shared';

import { cn } from '@/lib/cn';
import { actionLabel, formatWhen } from '../moderation-words';

/** One audit entry: what was done to whom, by whom, when and why. */
export function AuditEntryView({ entry, className }: { entry: AuditEntry; className?: string }) {
  return (
    <div className={cn('grid gap-0.5 text-sm', className)}>
      <p>
        <span className="font-semibold">{actionLabel(entry)}</span>{' '}
        <span className="text-muted-foreground">@{entry.username}</span>
      </p>
      <p className="text-xs text-muted-foreground">
        {entry.adminEmail} · <time dateTime={entry.at}>{formatWhen(entry.at)}</time>
      </p>
      <p className="mt-1 break-words whitespace-pre-line">
        <span className="text-muted-foreground">Reason: </span>
        {entry.reason}
      </p>
    </div>
  );
}
