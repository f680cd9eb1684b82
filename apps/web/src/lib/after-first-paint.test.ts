import { afterEach, describe, expect, it, vi } from 'vitest';

import { afterFirstPaint } from './after-first-paint';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A stand-in for the browser's paint timing; `paint()` reports a paint to every observer. */
function stubPaintTiming() {
  const observers: { callback: () => void; disconnected: boolean; options?: unknown }[] = [];
  class FakeObserver {
    static supportedEntryTypes = ['paint'];
    private entry: (typeof observers)[number];
    constructor(callback: () => void) {
      this.entry = { callback, disconnected: false };
      observers.push(this.entry);
    }
    observe(options: unknown) {
      this.entry.options = options;
    }
    disconnect() {
      this.entry.disconnected = true;
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return {
    observers,
    paint() {
      for (const observer of observers) if (!observer.disconnected) observer.callback();
    },
  };
}

describe('afterFirstPaint', () => {
  it('waits for the first paint, including one that came before it asked', () => {
    const timing = stubPaintTiming();
    const task = vi.fn();
    afterFirstPaint(task);
    expect(task).not.toHaveBeenCalled();
    expect(timing.observers[0]?.options).toEqual({ type: 'paint', buffered: true });

    timing.paint();
    timing.paint();
    expect(task).toHaveBeenCalledOnce();
  });

  it('does not wait in a hidden tab, which paints nothing', async () => {
    stubPaintTiming();
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const task = vi.fn();
    afterFirstPaint(task);
    await Promise.resolve();
    expect(task).toHaveBeenCalledOnce();
  });

  it('does not wait where the browser has no paint timing', async () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    const task = vi.fn();
    afterFirstPaint(task);
    await Promise.resolve();
    expect(task).toHaveBeenCalledOnce();
  });
});
