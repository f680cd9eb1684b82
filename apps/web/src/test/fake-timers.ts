import { afterEach, beforeEach, vi } from 'vitest';

/** Fake timers in each test of the enclosing describe (or file), and real ones again after it. */
export function withFakeTimersInEachTest(): void {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
