import '@testing-library/jest-dom/vitest';

import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';

import { apiServer, startRecording } from './api-server';

// Routes are lazy: the first visit of a page transforms its whole module graph, which takes more
// than Testing Library's default second on a busy 2-core CI machine. Waiting longer costs nothing
// when the page is quick.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no layout: its scrollTo only logs 'Not implemented', once per navigation that the
// router's scroll restoration handles.
window.scrollTo = () => undefined;

// Every fetch and XMLHttpRequest goes to the stand-in API (api-server.ts); a request to anywhere
// else fails the test rather than reaching the network.
beforeAll(() => {
  apiServer.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => {
  apiServer.close();
});

// Vitest runs without globals, so Testing Library cannot register its own cleanup. Toasts live
// in sonner's module-wide store, which outlives a test's tree: without the dismissal one test's
// toast reappears, fading out, in the next test's outlet.
afterEach(() => {
  cleanup();
  toast.dismiss();
});

// The session lives in localStorage; every test starts signed out, with the API's defaults.
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  apiServer.resetHandlers();
  startRecording();
});
