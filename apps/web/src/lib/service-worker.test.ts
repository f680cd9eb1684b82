import { beforeEach, describe, expect, it, vi } from 'vitest';

import type * as ServiceWorkerModule from './service-worker';

/** A version of the worker, whose state the test moves on. */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  postMessage = vi.fn();

  becomes(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  waiting: FakeWorker | null = null;
  installing: FakeWorker | null = null;
  update = vi.fn(() => Promise.resolve());

  /** The browser found a new version and starts installing it. */
  finds(worker: FakeWorker) {
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
  }
}

class FakeContainer extends EventTarget {
  /** The version that controls the page; none on the very first visit. */
  controller: FakeWorker | null = null;
  register = vi.fn((_url: string) => Promise.resolve(this.registration as unknown));

  constructor(readonly registration = new FakeRegistration()) {
    super();
  }
}

const real = {
  registration: (fake: FakeRegistration) => fake as unknown as ServiceWorkerRegistration,
  container: (fake: FakeContainer) => fake as unknown as ServiceWorkerContainer,
};

// The module remembers the waiting version: each test gets a fresh copy.
let sw: typeof ServiceWorkerModule;
beforeEach(async () => {
  vi.resetModules();
  sw = await import('./service-worker');
});

/** A page controlled by an older version, with `registration`'s updates watched. */
function watchedPage() {
  const container = new FakeContainer();
  container.controller = new FakeWorker();
  sw.watchForUpdates(real.registration(container.registration), real.container(container));
  return container;
}

describe('watchForUpdates', () => {
  it('tells the page about a version already waiting under an older one', () => {
    const container = new FakeContainer();
    container.controller = new FakeWorker();
    container.registration.waiting = new FakeWorker();

    sw.watchForUpdates(real.registration(container.registration), real.container(container));

    expect(sw.updateReady.getSnapshot()).toBe(true);
  });

  it('tells the page once a new version has installed', () => {
    const { registration } = watchedPage();
    const listener = vi.fn();
    sw.updateReady.subscribe(listener);
    const next = new FakeWorker();

    registration.finds(next);
    expect(sw.updateReady.getSnapshot()).toBe(false);
    next.becomes('installed');

    expect(sw.updateReady.getSnapshot()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('does not tell the page about a version that failed to install', () => {
    const { registration } = watchedPage();
    const broken = new FakeWorker();

    registration.finds(broken);
    broken.becomes('redundant');

    expect(sw.updateReady.getSnapshot()).toBe(false);
  });

  it('does not take the very first install for an update', () => {
    const container = new FakeContainer();
    container.registration.waiting = new FakeWorker();
    sw.watchForUpdates(real.registration(container.registration), real.container(container));
    const first = new FakeWorker();

    container.registration.finds(first);
    first.becomes('installed');

    expect(sw.updateReady.getSnapshot()).toBe(false);
  });
});

describe('applyUpdate', () => {
  it('lets the waiting version take over, then reloads once it controls the page', () => {
    const container = watchedPage();
    const next = new FakeWorker();
    container.registration.finds(next);
    next.becomes('installed');
    const reload = vi.fn();

    sw.applyUpdate(real.container(container), reload);

    expect(next.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does nothing when no version waits', () => {
    const container = watchedPage();
    const reload = vi.fn();

    sw.applyUpdate(real.container(container), reload);
    container.dispatchEvent(new Event('controllerchange'));

    expect(reload).not.toHaveBeenCalled();
  });
});

describe('registerServiceWorker', () => {
  it('registers /sw.js and asks for a new version when the app comes back to view', async () => {
    const container = new FakeContainer();
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
    const visibility = vi.spyOn(document, 'visibilityState', 'get');

    sw.registerServiceWorker(real.container(container));
    expect(container.register).toHaveBeenCalledWith('/sw.js');
    // Its listeners are in place once the registration has resolved, before this test goes on.
    await container.register.mock.results[0]?.value;

    visibility.mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(container.registration.update).not.toHaveBeenCalled();
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(container.registration.update).toHaveBeenCalledTimes(1);
  });

  it('waits for the page to load before registering', () => {
    const container = new FakeContainer();
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');

    sw.registerServiceWorker(real.container(container));
    expect(container.register).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));

    expect(container.register).toHaveBeenCalledWith('/sw.js');
  });
});
