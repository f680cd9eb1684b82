import { Button } from '@/components/ui/button';
import { RetryButton } from '@/components/ui/retry-button';
import { Spinner } from '@/components/ui/spinner';
import { useAuditLog } from '../api/get-audit-log';
import { AuditEntryView } from './audit-entry-view';
import { EmptyState } from './empty-state';

/** Every action taken, newest first, read-only; older pages load on request. */
export function AuditLog() {
  const log = useAuditLog();
  if (log.isPending) return <Spinner label="Loading the audit log" className="py-10" />;
  if (log.isLoadingError) {
    return (
      <div className="grid justify-items-start gap-3">
        <p className="text-sm text-muted-foreground">The audit log could not be loaded.</p>
        <RetryButton onRetry={() => log.refetch()} />
      </div>
    );
  }
  const entries = log.data.pages.flat();
  if (entries.length === 0) return <EmptyState>No actions yet.</EmptyState>;
  return (
    <div className="grid gap-4">
      <ol
        aria-label="Audit log"
        className="divide-y divide-border rounded-2xl border border-border bg-background shadow-card"
      >
        {entries.map((entry) => (
          <li key={entry.id} className="px-4 py-3 sm:px-6">
            <AuditEntryView entry={entry} />
          </li>
        ))}
      </ol>
      {log.isFetchNextPageError ? (
        <p role="alert" className="text-center text-sm text-destructive-hover">
          Older entries could not be loaded. Please try again.
        </p>
      ) : null}
      {log.hasNextPage ? (
        <Button
          variant="outline"
          className="justify-self-center"
          disabled={log.isFetchingNextPage}
          onClick={() => {
            void log.fetchNextPage();
          }}
        >
          {log.isFetchingNextPage ? 'Loading...' : 'Load older'}
        </Button>
      ) : null}
    </div>
  );
}
