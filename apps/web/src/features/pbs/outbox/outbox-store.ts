import { useMemo, useSyncExternalStore } from 'react';

import {
  deleteEntry,
  readEntries,
  updateEntry,
  writeEntry,
  type OutboxEntry,
} from './outbox-entries';

/** The entry this tab is sending, and how far it got. */
export interface OutboxSending {
  id: string;
  percent: number;
  /** The connection dropped mid-way: a video's upload waits for it, then goes on. */
  connectionLost: boolean;
}

export interface OutboxState {
  /** Every kept entry, of every account, oldest first: each view keeps its account's. */
  entries: readonly OutboxEntry[];
  sending: OutboxSending | null;
}

/** A moment others wait for: `on` returns the removal of its listener. */
function createEvent() {
  const listeners = new Set<() => void>();
  return {
    on: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    emit: (): void => {
      for (const listener of listeners) listener();
    },
  };
}

/** Something can be sent now: an entry was added, or given another try. */
export const outboxWake = createEvent();
/** The server refused an entry for the free limit, just now: the profile offers Pro. */
export const freeLimitRefusals = createEvent();

const changed = createEvent();
let state: OutboxState = { entries: [], sending: null };
/** Counts changes to the entries, so a read of IndexedDB that one overtook is read again. */
let changes = 0;
let running: AbortController | null = null;

function setState(next: Partial<OutboxState>) {
  state = { ...state, ...next };
  changed.emit();
}

function setEntries(change: (entries: readonly OutboxEntry[]) => readonly OutboxEntry[]) {
  changes += 1;
  setState({ entries: change(state.entries) });
}

/**
 * The outbox in memory, one for the tab: the kept entries (mirrored from IndexedDB) and the one
 * being sent, shared by the sender and the profile's list.
 */
export const outbox = {
  subscribe: changed.on,
  getSnapshot: (): OutboxState => state,

  /** Reads the kept entries again: another tab may have sent some, or a sign-out cleared them. */
  async load(): Promise<void> {
    for (;;) {
      const seen = changes;
      // No IndexedDB (some private modes): nothing was kept.
      const kept = await readEntries().catch(() => []);
      if (seen === changes) {
        setState({ entries: kept });
        return;
      }
    }
  },

  async add(entry: OutboxEntry): Promise<void> {
    await writeEntry(entry);
    setEntries((entries) => [...entries, entry]);
    outboxWake.emit();
  },

  /** Forgets an entry, stopping its upload if it is the one under way. */
  async remove(id: string): Promise<void> {
    if (state.sending?.id === id) running?.abort();
    await deleteEntry(id);
    setEntries((entries) => entries.filter((entry) => entry.id !== id));
  },

  /** Changes a kept entry; resolves to it, or to undefined when it is gone meanwhile. */
  async change(
    id: string,
    change: (entry: OutboxEntry) => OutboxEntry,
  ): Promise<OutboxEntry | undefined> {
    const next = await updateEntry(id, change);
    if (next) setEntries((entries) => entries.map((entry) => (entry.id === id ? next : entry)));
    return next;
  },

  /** Gives a refused entry another go. */
  async retry(id: string): Promise<void> {
    await outbox.change(id, ({ refusal: _, ...entry }) => entry);
    outboxWake.emit();
  },

  /** Marks `id` as being sent; the signal stops it when the entry is removed. */
  begin(id: string): AbortSignal {
    running = new AbortController();
    setState({ sending: { id, percent: 0, connectionLost: false } });
    return running.signal;
  },

  report(progress: Partial<Omit<OutboxSending, 'id'>>): void {
    if (state.sending) setState({ sending: { ...state.sending, ...progress } });
  },

  end(): void {
    running = null;
    setState({ sending: null });
  },
};

/** The signed-in account's entries, oldest first, and the one being sent. */
export function useOutbox(userId: string | undefined): OutboxState {
  const snapshot = useSyncExternalStore(outbox.subscribe, outbox.getSnapshot, outbox.getSnapshot);
  const entries = useMemo(
    () => snapshot.entries.filter((entry) => entry.userId === userId),
    [snapshot.entries, userId],
  );
  return { entries, sending: snapshot.sending };
}
