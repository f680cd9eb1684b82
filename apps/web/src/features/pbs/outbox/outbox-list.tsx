import { CloudUpload } from 'lucide-react';
import { useEffect, useEffectEvent, useId } from 'react';

import { IconBadge } from '@/components/ui/icon-badge';
import { useAuth } from '@/features/auth';
import { useOnline } from '@/features/offline';
import { cn } from '@/lib/cn';
import { freeLimitRefusals, outbox, useOutbox } from './outbox-store';
import { OutboxRow } from './outbox-row';

export interface OutboxListProps {
  /** The server refused an entry for the free limit, just now: the page offers Pro. */
  onFreeLimit: () => void;
  className?: string;
}

/**
 * The signed-in account's PBs saved with no network and not on the server yet, oldest first;
 * nothing when there are none.
 */
export function OutboxList({ onFreeLimit, className }: OutboxListProps) {
  const { user } = useAuth();
  const userId = user?.id;
  const { entries, sending } = useOutbox(userId);
  const online = useOnline();
  const headingId = useId();
  const freeLimitRefused = useEffectEvent(onFreeLimit);

  // What memory holds may be stale: another tab sent some, or a sign-out cleared the outbox.
  useEffect(() => {
    void outbox.load();
  }, [userId]);
  useEffect(() => freeLimitRefusals.on(freeLimitRefused), []);

  if (entries.length === 0) return null;
  return (
    <section
      aria-labelledby={headingId}
      className={cn('rounded-3xl border border-border bg-muted p-3 sm:p-4', className)}
    >
      <div className="flex items-center gap-3">
        <IconBadge icon={CloudUpload} size="sm" />
        <h3 id={headingId} className="text-base font-semibold tracking-tight sm:text-lg">
          {`Waiting to upload: ${entries.length}`}
        </h3>
      </div>
      <ul className="mt-3 grid gap-3 lg:grid-cols-2">
        {entries.map((entry) => (
          <OutboxRow
            key={entry.id}
            entry={entry}
            sending={sending?.id === entry.id ? sending : undefined}
            online={online}
          />
        ))}
      </ul>
    </section>
  );
}
