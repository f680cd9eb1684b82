import { PAGE_HOST_PROPERTY, showPageHost } from '@/lib/page-host';

/** The longest a page waits for its opening picture before loading its scripts anyway. */
export const OPENING_PICTURE_WAIT_MS = 3000;

/**
 * The inline script of the documents rendered ahead of the browser (the public page by the
 * server; the landing, pricing and legal pages by the build). It imports the page's entry
 * (`data-entry`) only once the page has painted (`data-wait="first-paint"`), or once its opening
 * picture has (`"opening-picture"`, for a page that preloads one with `fetchpriority="high"`).
 * The page is readable before any script, so its scripts never share a slow phone line with the
 * document, its first paint or the picture a visitor came to see. Inline, rather than an external
 * entry that waits, because even a small script file listed in the document is fetched before
 * the first paint.
 *
 * The browser's paint timing says when. Without it, or in a background tab (which paints
 * nothing until shown), the entry loads at once. A picture that fails to load, or takes longer
 * than `pictureWaitMs`, holds the scripts back no longer.
 *
 * It travels as text (bootScript), so it uses nothing from outside its own body.
 */
export function bootPage(
  script: HTMLScriptElement,
  load: (entry: string) => unknown,
  pictureWaitMs: number,
): void {
  const entry = script.dataset.entry ?? '';
  const types =
    typeof PerformanceObserver === 'function' ? PerformanceObserver.supportedEntryTypes : [];
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    load(entry);
  };
  const observe = (type: string, seen: (entries: PerformanceEntryList) => boolean) => {
    const observer = new PerformanceObserver((list) => {
      if (seen(list.getEntries())) {
        observer.disconnect();
        start();
      }
    });
    // Buffered: a paint that happened before this script ran counts too.
    observer.observe({ type, buffered: true });
  };
  if (document.visibilityState === 'hidden' || !types.includes('paint')) {
    start();
    return;
  }
  const picture = document.querySelector('link[rel="preload"][as="image"][fetchpriority="high"]');
  if (
    script.dataset.wait !== 'opening-picture' ||
    !picture ||
    !types.includes('largest-contentful-paint')
  ) {
    observe('paint', () => true);
    return;
  }
  // A largest-contentful-paint entry with a URL is a picture rather than text.
  observe('largest-contentful-paint', (entries) =>
    entries.some((paint) => Boolean((paint as PerformanceEntry & { url?: string }).url)),
  );
  document.addEventListener(
    'error',
    (event) => {
      if (event.target instanceof HTMLImageElement) start();
    },
    true,
  );
  setTimeout(start, pictureWaitMs);
}

/**
 * The attribute on server-rendered markup whose taps count before its script has run: they are
 * kept and played again once the page has hydrated (the story's next, previous, close).
 */
export const EARLY_TAPS_ATTRIBUTE = 'data-early-taps';

/** The event by which the page's entry takes the taps kept so far (`takeEarlyTaps`). */
const EARLY_TAPS_EVENT = 'pbshare:early-taps';

/**
 * The other half of the boot script: keeps every tap (click) made inside an `area` of the page
 * before its entry takes them, so a visitor who taps 'next' while the script is still on its way
 * on a slow line is not ignored. Links are left out: they work without any script, and the
 * browser follows them. Taken once; from then on React handles every tap itself.
 *
 * It travels as text too (bootScript), so it uses nothing from outside its own body.
 */
export function keepEarlyTaps(area: string, takeEvent: string): void {
  const taps: Element[] = [];
  const keep = (event: Event) => {
    const target = event.target;
    if (target instanceof Element && target.closest(area) && !target.closest('a[href]')) {
      taps.push(target);
    }
  };
  document.addEventListener('click', keep, true);
  document.addEventListener(
    takeEvent,
    (event) => {
      document.removeEventListener('click', keep, true);
      (event as CustomEvent<{ taps: Element[] }>).detail.taps = taps;
    },
    { once: true },
  );
}

/**
 * The taps `keepEarlyTaps` kept, oldest first, and the end of its keeping. Called just before
 * hydrating: React answers every tap from then on.
 */
export function takeEarlyTaps(): Element[] {
  const request: { taps: Element[] } = { taps: [] };
  document.dispatchEvent(new CustomEvent(EARLY_TAPS_EVENT, { detail: request }));
  return request.taps;
}

/**
 * Plays the kept taps again on the hydrated page, on the very elements tapped (hydration keeps
 * the server's elements). One taken away since is skipped.
 */
export function replayTaps(taps: readonly Element[]): void {
  for (const target of taps) {
    if (!target.isConnected) continue;
    target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  }
}

/** The boot script's text, as the build writes it into a document (and the server hashes it). */
export function bootScript(): string {
  const area = JSON.stringify(`[${EARLY_TAPS_ATTRIBUTE}]`);
  return (
    `(${showPageHost.toString()})(${JSON.stringify(PAGE_HOST_PROPERTY)});` +
    `(${keepEarlyTaps.toString()})(${area},${JSON.stringify(EARLY_TAPS_EVENT)});` +
    `(${bootPage.toString()})(document.currentScript,function(entry){return import(entry)},${OPENING_PICTURE_WAIT_MS})`
  );
}
