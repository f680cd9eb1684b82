import { beforeSignOut } from '@/lib/before-sign-out';

/**
 * Deletes that wait for their Undo to pass (docs/PRODUCT.md §4, Deleting). A held record is
 * hidden at once but still on the server; it is sent when its toast closes, when the page is
 * left or hidden, or before a change that needs the server to agree on what exists (a reorder,
 * a new PB against the free limit). It stays hidden until its answer, so it never blinks back
 * in between; a failed delete shows it again.
 */
export interface PendingDeletes {
  /**
   * Hides the record until `send` or `undo`. `send` is what deleting it means and reports its own
   * failure: its rejection only ends the wait.
   */
  hold: (recordId: string, send: () => Promise<void>) => void;
  /** Brings a held record back; false when it was already sent (too late to undo). */
  undo: (recordId: string) => boolean;
  /** Sends a held record's delete now; resolves once it has settled (at once when not held). */
  send: (recordId: string) => Promise<void>;
  /** Sends every held delete and waits for those on the wire. */
  sendAll: () => Promise<void>;
  /** The records hidden now: held or on the wire. The same set until it changes. */
  hiddenIds: () => ReadonlySet<string>;
  subscribe: (listener: () => void) => () => void;
}

type Entry = { state: 'held'; send: () => Promise<void> } | { state: 'sent'; done: Promise<void> };

export function createPendingDeletes(): PendingDeletes {
  const entries = new Map<string, Entry>();
  const listeners = new Set<() => void>();
  let hidden: ReadonlySet<string> = new Set();

  function changed() {
    hidden = new Set(entries.keys());
    for (const listener of listeners) listener();
  }

  function send(recordId: string): Promise<void> {
    const entry = entries.get(recordId);
    if (!entry) return Promise.resolve();
    if (entry.state === 'sent') return entry.done;
    // Whatever the answer, the entry goes: gone from the list on success, back on a failure.
    const done = entry
      .send()
      .catch(() => undefined)
      .finally(() => {
        entries.delete(recordId);
        changed();
      });
    entries.set(recordId, { state: 'sent', done });
    return done;
  }

  return {
    hold(recordId, sendDelete) {
      if (entries.has(recordId)) return;
      entries.set(recordId, { state: 'held', send: sendDelete });
      changed();
    },
    undo(recordId) {
      if (entries.get(recordId)?.state !== 'held') return false;
      entries.delete(recordId);
      changed();
      return true;
    },
    send,
    async sendAll() {
      await Promise.allSettled([...entries.keys()].map(send));
    },
    hiddenIds: () => hidden,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** The signed-in app's pending deletes: one set, as toasts outlive the page that made them. */
export const pendingDeletes = createPendingDeletes();

// Signing out ends the session the deletes need: they go first.
beforeSignOut(() => pendingDeletes.sendAll());
