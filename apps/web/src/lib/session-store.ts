import { ACCESS_TOKEN_STORAGE_KEY } from '@pbshare/shared';

/**
 * Where the access token lives: `localStorage.accessToken` (docs/PRODUCT.md §3). Reads go to storage
 * every time, so every tab sees the token another tab stored after a refresh or a sign-in; a tab
 * that signs out tells the others through the browser's `storage` event.
 */
export interface SessionStore {
  getToken: () => string | null;
  setToken: (token: string) => void;
  clearToken: () => void;
  /** Called whenever the token changes, in this tab or another one. */
  subscribe: (listener: () => void) => () => void;
}

export function createSessionStore(
  storage: Storage | undefined = browserStorage(),
  key = ACCESS_TOKEN_STORAGE_KEY,
): SessionStore {
  // Used when storage is missing or refuses writes (some private modes); the session then lasts
  // until the tab closes.
  let memoryToken: string | null = null;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };

  function read(): string | null {
    try {
      const stored = storage?.getItem(key);
      if (stored !== null && stored !== undefined) return stored === '' ? null : stored;
    } catch {
      // fall through to memory
    }
    return memoryToken;
  }

  function write(token: string | null) {
    memoryToken = token;
    try {
      if (token === null) storage?.removeItem(key);
      else storage?.setItem(key, token);
    } catch {
      // memory only
    }
    notify();
  }

  return {
    getToken: read,
    setToken: (token) => {
      write(token);
    },
    clearToken: () => {
      write(null);
    },
    subscribe(listener) {
      listeners.add(listener);
      const onStorage = (event: StorageEvent) => {
        if (event.key === key || event.key === null) listener();
      };
      if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
      };
    },
  };
}

function browserStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** The app's one session. */
export const sessionStore = createSessionStore();
