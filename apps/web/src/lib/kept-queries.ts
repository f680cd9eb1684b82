import { dehydrate, hydrate, type QueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * The signed-in account's last PB list and profile, kept in localStorage so the installed app
 * opens with them when there is no network (docs/PRODUCT.md §15). Only the answers the caller
 * names are kept; they are forgotten whenever the session ends (forget-device-data.ts), so they
 * always belong to the account whose token this browser holds. localStorage rather than
 * IndexedDB: the answers are small, and being synchronous they are in the cache before the first
 * render, so the page never flashes its loading state.
 */
const STORAGE_KEY = 'pbshare.keptQueries';
/** Raised when the kept answers' shape changes: older ones are then dropped, not misread. */
const FORMAT = 1;
/** Answers older than this are too stale to show, even offline. */
export const KEPT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * Writes wait this long, so a burst of answers (a list and its records) is one write. One still
 * waiting when the page goes away (a reload, a closed tab) is made then.
 */
const WRITE_DELAY_MS = 300;

interface Kept {
  format: number;
  savedAt: number;
  state: ReturnType<typeof dehydrate>;
}

/** Whether a query's answer is kept: its key starts with one of `prefixes`. */
export function keptBy(prefixes: readonly QueryKey[]): (key: QueryKey) => boolean {
  return (key) => prefixes.some((prefix) => prefix.every((part, i) => key[i] === part));
}

/**
 * Puts the kept answers in `client`, marked stale so each is fetched again as soon as a page uses
 * it and the network allows; until then (offline) the page shows them.
 */
export function restoreKeptQueries(
  client: QueryClient,
  storage: Storage | undefined = localStorageOrNone(),
  now = Date.now(),
): void {
  const kept = read(storage);
  if (!kept) return;
  if (kept.format !== FORMAT || now - kept.savedAt > KEPT_MAX_AGE_MS) {
    forgetKeptQueries(storage);
    return;
  }
  hydrate(client, kept.state);
  for (const { queryKey } of kept.state.queries) {
    void client.invalidateQueries({ queryKey, exact: true, refetchType: 'none' });
  }
}

export interface KeepOptions {
  /** Whether answers may be kept now: a write landing after the session ended forgets instead. */
  while?: () => boolean;
  storage?: Storage | undefined;
}

/** Keeps the named answers up to date in storage as they change; returns the stop. */
export function keepQueries(
  client: QueryClient,
  isKept: (key: QueryKey) => boolean,
  { while: active = () => true, storage = localStorageOrNone() }: KeepOptions = {},
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const write = () => {
    timer = undefined;
    if (!active()) {
      forgetKeptQueries(storage);
      return;
    }
    const state = dehydrate(client, {
      shouldDehydrateQuery: (query) => query.state.status === 'success' && isKept(query.queryKey),
    });
    if (state.queries.length === 0) {
      forgetKeptQueries(storage);
      return;
    }
    const kept: Kept = { format: FORMAT, savedAt: Date.now(), state };
    try {
      storage?.setItem(STORAGE_KEY, JSON.stringify(kept));
    } catch {
      // Storage full or refused: the app works as before, without the offline copy.
    }
  };
  // A reload straight after reordering would otherwise open with the order before it.
  const writeNowIfWaiting = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    write();
  };
  const pageEvents = typeof window === 'undefined' ? undefined : window;
  pageEvents?.addEventListener('pagehide', writeNowIfWaiting);
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    const key = (event.query as { queryKey: QueryKey }).queryKey;
    if (!isKept(key)) return;
    if (event.type !== 'updated' && event.type !== 'removed') return;
    if (event.type === 'updated' && event.action.type !== 'success') return;
    clearTimeout(timer);
    timer = setTimeout(write, WRITE_DELAY_MS);
  });
  return () => {
    clearTimeout(timer);
    pageEvents?.removeEventListener('pagehide', writeNowIfWaiting);
    unsubscribe();
  };
}

export function forgetKeptQueries(storage: Storage | undefined = localStorageOrNone()): void {
  try {
    storage?.removeItem(STORAGE_KEY);
  } catch {
    // Nothing could be kept there either.
  }
}

function read(storage: Storage | undefined): Kept | undefined {
  try {
    const text = storage?.getItem(STORAGE_KEY);
    return text ? (JSON.parse(text) as Kept) : undefined;
  } catch {
    return undefined;
  }
}

function localStorageOrNone(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}
