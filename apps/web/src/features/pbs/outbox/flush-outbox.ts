import { OUTBOX_LOCK } from '@/lib/device-storage';
import type { OutboxEntry } from './outbox-entries';
import { freeLimitRefusals, outbox } from './outbox-store';
import { sendEntry, type SendOutcome } from './send-entry';

export interface FlushOptions {
  userId: string;
  /** Aborted when the sender goes (sign-out): no further entry starts. */
  quit: AbortSignal;
  onSaved: (entry: OutboxEntry) => void;
  /** Another tab sent meanwhile: its saves are on the server. */
  onSentElsewhere: () => void;
}

let flushing: Promise<boolean> | undefined;
let again: FlushOptions | undefined;

/**
 * Sends the account's waiting entries, one at a time, oldest first. A call while a flush runs
 * makes it go round once more (an entry added or retried meanwhile). Resolves to whether an
 * entry is left to try again later (its answer was lost, or it failed on the way).
 */
export function flushOutbox(options: FlushOptions): Promise<boolean> {
  if (flushing) {
    again = options;
    return flushing;
  }
  flushing = (async () => {
    let run: FlushOptions | undefined = options;
    let left = false;
    while (run) {
      again = undefined;
      left = await inOneTab(run);
      run = again;
    }
    return left;
  })().finally(() => {
    flushing = undefined;
  });
  return flushing;
}

/**
 * Runs the flush unless another tab is running one; this tab then waits for that one to end and
 * reads what it left.
 */
async function inOneTab(options: FlushOptions): Promise<boolean> {
  if (!('locks' in navigator)) return sendWaiting(options);
  // null: another tab holds the lock.
  const left = await navigator.locks.request(OUTBOX_LOCK, { ifAvailable: true }, (lock) =>
    lock ? sendWaiting(options) : null,
  );
  if (left !== null) return left;
  await navigator.locks.request(OUTBOX_LOCK, { mode: 'shared' }, () => outbox.load());
  options.onSentElsewhere();
  return false;
}

async function sendWaiting(options: FlushOptions): Promise<boolean> {
  const tried = new Set<string>();
  let left = false;
  try {
    for (;;) {
      if (options.quit.aborted || !navigator.onLine) return left;
      const entry = outbox
        .getSnapshot()
        .entries.find((e) => e.userId === options.userId && !e.refusal && !tried.has(e.id));
      if (!entry) return left;
      tried.add(entry.id);
      const outcome = await sendOne(entry);
      if (outcome.kind === 'later' || outcome.kind === 'uploadGone') left = true;
      // With no connection, the next entry would fail the same way.
      if (outcome.kind === 'later' && outcome.connectionFailed) return left;
      await settle(entry, outcome, options);
    }
  } catch {
    // The device's storage failed under the outbox: the entries stay as they were kept.
    return true;
  }
}

async function sendOne(entry: OutboxEntry): Promise<SendOutcome> {
  const signal = outbox.begin(entry.id);
  try {
    return await sendEntry(entry, {
      signal,
      onProgress: (percent) => {
        outbox.report({ percent });
      },
      onConnectionLost: () => {
        outbox.report({ connectionLost: true });
      },
      onResumed: () => {
        outbox.report({ connectionLost: false });
      },
      onUploaded: (uploadId) => outbox.change(entry.id, (kept) => ({ ...kept, uploadId })),
    });
  } finally {
    outbox.end();
  }
}

async function settle(entry: OutboxEntry, outcome: SendOutcome, options: FlushOptions) {
  switch (outcome.kind) {
    case 'saved':
      await outbox.remove(entry.id);
      options.onSaved(entry);
      return;
    case 'uploadGone':
      await outbox.change(entry.id, ({ uploadId: _, ...kept }) => kept);
      return;
    case 'refused': {
      const kept = await outbox.change(entry.id, (current) => ({
        ...current,
        refusal: outcome.refusal,
      }));
      if (kept && outcome.refusal.code === 'FREE_LIMIT_REACHED') freeLimitRefusals.emit();
      return;
    }
    case 'later':
    case 'stopped':
      return;
  }
}
