/** Runs a task while no other tab of this origin runs one under the same lock. */
export type RunExclusive = <T>(task: () => Promise<T>) => Promise<T>;

/** The part of the Web Locks API (`navigator.locks`) the refresh needs. */
export interface ExclusiveLocks {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

interface RefreshLockOptions {
  /** Defaults to the browser's; null goes straight to the fallback. */
  locks?: ExclusiveLocks | null;
  /** Where the fallback marks a refresh in progress: shared by every tab of the origin. */
  storage?: Storage | null;
  /** How long the fallback trusts another tab's mark: a tab closed mid-refresh never clears it. */
  staleMs?: number;
  pollMs?: number;
}

const LOCK_NAME = 'pbshare-session-refresh';

/**
 * One refresh at a time across tabs. A tab that waited its turn then finds the token the other
 * tab stored and uses it instead of refreshing again (see `createApiClient`), so a set of tabs
 * whose access token expired together sends one refresh. The server forgives a refresh token
 * presented twice within a few seconds anyway; this keeps that the exception rather than the rule.
 *
 * Web Locks where the browser has them (every current one); otherwise a mark in localStorage that
 * other tabs poll, which can let two tabs through in the same few milliseconds, a race the server's
 * grace window absorbs. A lock that fails to work never blocks the refresh: it then just runs.
 */
export function createRefreshLock(options: RefreshLockOptions = {}): RunExclusive {
  const {
    locks = browserLocks(),
    storage = browserStorage(),
    staleMs = 10_000,
    pollMs = 50,
  } = options;
  if (locks) return (task) => withWebLock(locks, task);
  if (storage) return (task) => withStorageMark(storage, task, staleMs, pollMs);
  return (task) => task();
}

async function withWebLock<T>(locks: ExclusiveLocks, task: () => Promise<T>): Promise<T> {
  // An object, not a `let`: the flag is set inside the callback, out of the type checker's sight.
  const lock = { granted: false };
  try {
    return await locks.request(LOCK_NAME, () => {
      lock.granted = true;
      return task();
    });
  } catch (error) {
    // The task's own failure is the caller's; a lock that could not be taken is not.
    if (lock.granted) throw error;
    return task();
  }
}

async function withStorageMark<T>(
  storage: Storage,
  task: () => Promise<T>,
  staleMs: number,
  pollMs: number,
): Promise<T> {
  const isHeld = () => {
    const mark = read(storage);
    return mark !== null && Date.now() - Number(mark.split(' ')[0]) < staleMs;
  };
  const giveUpAt = Date.now() + staleMs;
  while (isHeld() && Date.now() < giveUpAt) {
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  const mine = `${Date.now()} ${Math.random().toString(36).slice(2)}`;
  write(storage, mine);
  try {
    return await task();
  } finally {
    if (read(storage) === mine) write(storage, null);
  }
}

function read(storage: Storage): string | null {
  try {
    return storage.getItem(LOCK_NAME);
  } catch {
    return null;
  }
}

function write(storage: Storage, value: string | null): void {
  try {
    if (value === null) storage.removeItem(LOCK_NAME);
    else storage.setItem(LOCK_NAME, value);
  } catch {
    // Storage refusing writes (some private modes): the refresh goes ahead unmarked.
  }
}

function browserLocks(): ExclusiveLocks | null {
  return typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : null;
}

function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
