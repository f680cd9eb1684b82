/**
 * The service worker's registration (src/service-worker/sw.ts) and its updates, for the app's own
 * document only: the public page never registers it, so a visitor's first view stays as light
 * as it is (entries/README.md). A new version installs in the background and waits; the page is
 * told (`updateReady`), and `applyUpdate` lets it take over and reloads.
 */
const SCRIPT_URL = '/sw.js';

let waiting: ServiceWorker | null = null;
const listeners = new Set<() => void>();

function setWaiting(worker: ServiceWorker | null) {
  waiting = worker;
  for (const listener of listeners) listener();
}

/** The browser's service workers; some (older, or private modes) have none. */
function serviceWorkerContainer(): ServiceWorkerContainer | undefined {
  return 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;
}

/** Whether a new version waits to take over: a store for useSyncExternalStore. */
export const updateReady = {
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  getSnapshot: (): boolean => waiting !== null,
};

/** Registers the worker once the page has loaded, so it never competes with the first view. */
export function registerServiceWorker(
  container: ServiceWorkerContainer | undefined = serviceWorkerContainer(),
): void {
  if (!container) return;
  const register = async () => {
    const registration = await container.register(SCRIPT_URL);
    watchForUpdates(registration, container);
    // A long-open app (the installed one) asks for a new version whenever it comes back to view.
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') registration.update().catch(() => undefined);
    });
  };
  const start = () => {
    register().catch(() => undefined);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/**
 * Tells the page about a version that installed while an older one controls it. The very first
 * install controls nothing yet, so it is not an update.
 */
export function watchForUpdates(
  registration: ServiceWorkerRegistration,
  container: ServiceWorkerContainer,
): void {
  if (registration.waiting && container.controller) setWaiting(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && container.controller) setWaiting(installing);
    });
  });
}

/** Lets the waiting version take over, then reloads the page under it. */
export function applyUpdate(
  container: ServiceWorkerContainer | undefined = serviceWorkerContainer(),
  reload: () => void = () => {
    window.location.reload();
  },
): void {
  if (!waiting || !container) return;
  container.addEventListener('controllerchange', reload, { once: true });
  waiting.postMessage({ type: 'SKIP_WAITING' });
}

/** The registration's Background Sync, which TypeScript's DOM types do not have yet. */
interface WithSync {
  sync?: { register: (tag: string) => Promise<void> };
}

/**
 * Asks the browser to wake the worker under `tag` once it has a network (Background Sync, where
 * the browser has it); without a worker or the API, nothing happens and the page's own triggers
 * remain.
 */
export async function askForBackgroundSync(
  tag: string,
  container: ServiceWorkerContainer | undefined = serviceWorkerContainer(),
): Promise<void> {
  const registration: (ServiceWorkerRegistration & WithSync) | undefined =
    await container?.getRegistration();
  await registration?.sync?.register(tag);
}

/** Calls `listener` whenever the worker posts a message of `type`; returns the stop. */
export function onWorkerMessage(
  type: string,
  listener: () => void,
  container: ServiceWorkerContainer | undefined = serviceWorkerContainer(),
): () => void {
  const onMessage = (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type === type) listener();
  };
  container?.addEventListener('message', onMessage);
  return () => {
    container?.removeEventListener('message', onMessage);
  };
}
