import { FREE_LIMIT_TEXT, recordText } from '@pbshare/shared';
import { useCallback } from 'react';

import { Button } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress-bar';
import { toast } from '@/components/ui/toaster';
import type { OutboxEntry, OutboxRefusal } from './outbox-entries';
import { outbox, type OutboxSending } from './outbox-store';

export interface OutboxRowProps {
  entry: OutboxEntry;
  /** How far it got, while this is the entry being sent. */
  sending: OutboxSending | undefined;
  online: boolean;
}

/** One PB waiting in the outbox: its picture, title and value, where it stands, and its actions. */
export function OutboxRow({ entry, sending, online }: OutboxRowProps) {
  const { title } = entry.fields;
  const { refusal } = entry;
  const connected = online && !sending?.connectionLost;
  const uploading = sending && connected ? sending.percent : undefined;

  function cancel() {
    outbox.remove(entry.id).then(
      () => toast.success('Removed from the outbox'),
      () => toast.error('Error', { description: `Could not remove ${title}. Please try again.` }),
    );
  }

  return (
    <li className="flex min-w-0 items-start gap-3 rounded-2xl border border-border bg-background p-3 shadow-card">
      <Poster entry={entry} />
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold tracking-tight sm:text-base">{title}</p>
          <p className="truncate text-lg leading-tight font-extrabold tracking-tight text-primary">
            {valueText(entry)}
          </p>
          <p
            data-testid="outbox-status"
            className={
              refusal
                ? 'mt-1 text-xs font-medium text-destructive'
                : 'mt-1 text-xs text-muted-foreground'
            }
          >
            {refusal
              ? refusalText(refusal)
              : uploading !== undefined
                ? `Uploading… ${uploading}%`
                : connected
                  ? 'Waiting to upload'
                  : 'Waiting for a connection'}
          </p>
          {uploading !== undefined ? (
            <ProgressBar
              label={`Upload of ${title}`}
              value={uploading}
              max={100}
              className="mt-2 h-1.5"
            />
          ) : null}
        </div>
        <div className="flex shrink-0 gap-2">
          {refusal ? (
            <Button
              variant="outline"
              size="sm"
              onClick={() => {
                void outbox.retry(entry.id);
              }}
            >
              Try again
            </Button>
          ) : null}
          <Button
            variant="outline"
            size="sm"
            aria-label={`Cancel upload of ${title}`}
            onClick={cancel}
          >
            Cancel
          </Button>
        </div>
      </div>
    </li>
  );
}

/**
 * The picked photo, or the video's first frame (`#t=0.1`), from an object URL made as the element
 * mounts and revoked as it goes.
 */
function Poster({ entry }: { entry: OutboxEntry }) {
  const { file, mediaType } = entry;
  const { title } = entry.fields;
  const attach = useCallback(
    (element: HTMLImageElement | HTMLVideoElement | null) => {
      if (!element) return;
      const url = URL.createObjectURL(file);
      element.src = mediaType === 'video' ? `${url}#t=0.1` : url;
      return () => {
        URL.revokeObjectURL(url);
      };
    },
    [file, mediaType],
  );
  const className = 'size-16 shrink-0 rounded-xl bg-muted object-cover sm:size-20';
  return mediaType === 'video' ? (
    <video
      ref={attach}
      muted
      preload="metadata"
      playsInline
      aria-label={`Video of ${title}`}
      className={className}
    />
  ) : (
    <img ref={attach} alt={`Photo of ${title}`} className={className} />
  );
}

/** The value as a card shows it ('140 kg × 3', '22:48'). */
function valueText({ fields }: OutboxEntry): string {
  return recordText({
    amount: Number(fields.amount),
    unit: fields.unit,
    reps: fields.reps === '' ? null : Number(fields.reps),
  });
}

function refusalText(refusal: OutboxRefusal): string {
  // The dialog that opens with it offers Pro; the row keeps the rule.
  return refusal.code === 'FREE_LIMIT_REACHED'
    ? `Free accounts can track ${FREE_LIMIT_TEXT}.`
    : refusal.message;
}
