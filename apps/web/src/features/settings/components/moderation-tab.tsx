import type { OwnerDecision } from '@pbshare/shared';
import { Send } from 'lucide-react';

import { Badge } from '@/components/ui/badge';
import { RetryButton } from '@/components/ui/retry-button';
import { Spinner } from '@/components/ui/spinner';
import { formatLongDate } from '@/lib/format';
import { useModerationDecisions } from '../api/moderation-decisions';
import { AppealDialog } from './appeal-dialog';

/** What a decision did, as its owner reads it. */
function decisionTitle({ action, pbTitle }: OwnerDecision): string {
  switch (action) {
    case 'hide-pb':
      return `PB hidden: ${pbTitle ?? 'a PB'}`;
    case 'suspend':
      return 'Profile suspended';
    case 'restore':
      return pbTitle === null ? 'Profile restored' : `PB restored: ${pbTitle}`;
    case 'delete':
      return `PB deleted: ${pbTitle ?? 'a PB'}`;
    case 'dismiss':
      return 'Reports dismissed';
  }
}

/**
 * Settings → Moderation: every decision about the account with its reason and date, each open
 * to one appeal. A restore is good news and has nothing to appeal.
 */
export function ModerationTab() {
  const decisions = useModerationDecisions();
  if (decisions.isPending) return <Spinner label="Loading the decisions" />;
  if (decisions.isError) {
    return (
      <div className="grid justify-items-start gap-3">
        <p className="text-sm text-muted-foreground">The decisions could not be loaded.</p>
        <RetryButton onRetry={() => decisions.refetch()} />
      </div>
    );
  }
  if (decisions.data.length === 0) {
    return <p className="text-sm text-muted-foreground">No decisions about your account.</p>;
  }
  return (
    <ul aria-label="Decisions" className="grid gap-3">
      {decisions.data.map((decision) => {
        const title = decisionTitle(decision);
        return (
          <li key={decision.id} className="grid gap-2 rounded-2xl border border-border p-4">
            <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
              <div className="min-w-0">
                <p className="font-semibold break-words">{title}</p>
                <p className="text-sm text-muted-foreground">
                  <time dateTime={decision.at}>{formatLongDate(new Date(decision.at))}</time>
                </p>
              </div>
              {decision.appeal ? (
                <Badge variant="brand">
                  <Send aria-hidden="true" />
                  Appeal sent
                </Badge>
              ) : decision.action === 'restore' ? null : (
                <AppealDialog decision={decision} what={title} />
              )}
            </div>
            <p className="text-sm break-words whitespace-pre-line">
              <span className="text-muted-foreground">Reason: </span>
              {decision.reason}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
