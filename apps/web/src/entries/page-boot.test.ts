import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { PAGE_HOST_PROPERTY } from '@/lib/page-host';
import {
  bootPage,
  bootScript,
  EARLY_TAPS_ATTRIBUTE,
  keepEarlyTaps,
  OPENING_PICTURE_WAIT_MS,
  replayTaps,
  takeEarlyTaps,
} from './page-boot';

type Entries = { url?: string }[];

/** A stand-in for the browser's paint timing: `report(type, entries)` reaches each observer. */
function stubPaintTiming(supported = ['paint', 'largest-contentful-paint']) {
  const observers: { callback: (list: { getEntries(): Entries }) => void; type?: string }[] = [];
  class FakeObserver {
    static supportedEntryTypes = supported;
    private entry: (typeof observers)[number];
    constructor(callback: (list: { getEntries(): Entries }) => void) {
      this.entry = { callback };
      observers.push(this.entry);
    }
    observe(options: { type: string; buffered: boolean }) {
      expect(options.buffered).toBe(true);
      this.entry.type = options.type;
    }
    disconnect() {
      this.entry.type = undefined;
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return {
    report(type: string, entries: Entries) {
      for (const observer of observers) {
        if (observer.type === type) observer.callback({ getEntries: () => entries });
      }
    },
  };
}

function bootScriptElement(wait: string) {
  const script = document.createElement('script');
  script.dataset.entry = '/assets/entry-abc.js';
  script.dataset.wait = wait;
  return script;
}

function withOpeningPicture() {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'image');
  link.setAttribute('fetchpriority', 'high');
  document.head.append(link);
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.head.replaceChildren();
});

describe('bootPage', () => {
  it('loads the entry after the first paint, including one before it ran, and once', () => {
    const timing = stubPaintTiming();
    const load = vi.fn();
    bootPage(bootScriptElement('first-paint'), load, OPENING_PICTURE_WAIT_MS);
    expect(load).not.toHaveBeenCalled();

    timing.report('paint', [{}]);
    timing.report('paint', [{}]);
    expect(load).toHaveBeenCalledExactlyOnceWith('/assets/entry-abc.js');
  });

  it('waits for the opening picture, not text, when the page preloads one', () => {
    const timing = stubPaintTiming();
    withOpeningPicture();
    const load = vi.fn();
    bootPage(bootScriptElement('opening-picture'), load, OPENING_PICTURE_WAIT_MS);

    timing.report('paint', [{}]);
    timing.report('largest-contentful-paint', [{ url: '' }]);
    expect(load).not.toHaveBeenCalled();

    timing.report('largest-contentful-paint', [{ url: 'http://x.test/media/pbs/1/full.webp' }]);
    expect(load).toHaveBeenCalledOnce();
  });

  it('waits no longer for a picture that fails or is slow', () => {
    stubPaintTiming();
    withOpeningPicture();
    const failed = vi.fn();
    bootPage(bootScriptElement('opening-picture'), failed, OPENING_PICTURE_WAIT_MS);
    const image = document.createElement('img');
    document.body.append(image);
    image.dispatchEvent(new Event('error'));
    expect(failed).toHaveBeenCalledOnce();
    image.remove();

    const slow = vi.fn();
    bootPage(bootScriptElement('opening-picture'), slow, OPENING_PICTURE_WAIT_MS);
    vi.advanceTimersByTime(OPENING_PICTURE_WAIT_MS - 1);
    expect(slow).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(slow).toHaveBeenCalledOnce();
  });

  it('waits for the first paint only when there is no opening picture to wait for', () => {
    const timing = stubPaintTiming();
    const load = vi.fn();
    bootPage(bootScriptElement('opening-picture'), load, OPENING_PICTURE_WAIT_MS);
    timing.report('paint', [{}]);
    expect(load).toHaveBeenCalledOnce();
  });

  it('does not wait in a hidden tab, which paints nothing', () => {
    stubPaintTiming();
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const load = vi.fn();
    bootPage(bootScriptElement('first-paint'), load, OPENING_PICTURE_WAIT_MS);
    expect(load).toHaveBeenCalledOnce();
  });

  it('does not wait where the browser has no paint timing', () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    const load = vi.fn();
    bootPage(bootScriptElement('first-paint'), load, OPENING_PICTURE_WAIT_MS);
    expect(load).toHaveBeenCalledOnce();
  });
});

describe('taps before the script', () => {
  afterEach(() => {
    document.body.replaceChildren();
    // Ends any keeping a test left running.
    takeEarlyTaps();
  });

  /** A story-like area of server markup with a button (holding an icon) and a link. */
  function serverMarkup() {
    const area = document.createElement('div');
    area.setAttribute(EARLY_TAPS_ATTRIBUTE, '');
    area.innerHTML =
      '<button type="button" id="next"><svg><path id="icon"></path></svg></button>' +
      '<div id="zone"></div><a href="#elsewhere" id="link">Elsewhere</a>';
    const outside = document.createElement('button');
    outside.id = 'outside';
    document.body.append(area, outside);
    const byId = (id: string) => document.getElementById(id) as Element;
    return { byId };
  }

  it('keeps taps inside the marked area, in order, but not on links or outside it', () => {
    const { byId } = serverMarkup();
    keepEarlyTaps(`[${EARLY_TAPS_ATTRIBUTE}]`, 'pbshare:early-taps');
    for (const id of ['icon', 'zone', 'link', 'outside']) {
      byId(id).dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    }
    expect(takeEarlyTaps()).toEqual([byId('icon'), byId('zone')]);
  });

  it('stops keeping once taken: from then on the page answers taps itself', () => {
    const { byId } = serverMarkup();
    keepEarlyTaps(`[${EARLY_TAPS_ATTRIBUTE}]`, 'pbshare:early-taps');
    expect(takeEarlyTaps()).toEqual([]);
    byId('zone').dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(takeEarlyTaps()).toEqual([]);
  });

  it('plays kept taps again on the same elements, skipping one no longer on the page', () => {
    const { byId } = serverMarkup();
    const seen: string[] = [];
    document.addEventListener('click', (event) => {
      seen.push((event.target as Element).id);
    });
    const gone = document.createElement('button');
    replayTaps([byId('icon'), gone, byId('zone')]);
    expect(seen).toEqual(['icon', 'zone']);
  });
});

describe('bootScript', () => {
  it('is a self-contained script that boots from its own element', () => {
    const timing = stubPaintTiming();
    const load = vi.fn();
    // As the browser runs it: a classic script whose currentScript is its element. `import` is
    // stood in for, since the text is evaluated here rather than as a page's script.
    const text = bootScript().replace('return import(entry)', 'return load(entry)');
    vi.spyOn(document, 'currentScript', 'get').mockReturnValue(bootScriptElement('first-paint'));
    // eslint-disable-next-line @typescript-eslint/no-implied-eval, @typescript-eslint/no-unsafe-call -- the boot script's text, run as a page would run it
    new Function('load', text)(load);
    timing.report('paint', [{}]);
    expect(load).toHaveBeenCalledExactlyOnceWith('/assets/entry-abc.js');
    expect(bootScript()).toContain(`,${OPENING_PICTURE_WAIT_MS})`);

    // It keeps the taps made on marked markup until the entry takes them.
    const area = document.createElement('div');
    area.setAttribute(EARLY_TAPS_ATTRIBUTE, '');
    document.body.append(area);
    area.click();
    expect(takeEarlyTaps()).toEqual([area]);
    area.remove();

    // It names the page's host for the landing's claim form before anything paints.
    expect(document.documentElement.style.getPropertyValue(PAGE_HOST_PROPERTY)).toBe(
      `"${location.host}/"`,
    );
    document.documentElement.style.removeProperty(PAGE_HOST_PROPERTY);
  });
});
