/**
 * Slows `page` to a weak phone line, 400 kbit/s each way with 400 ms of latency, through
 * Chromium's own network emulation (so every request waits, in the order the browser sends them).
 * For the end-to-end tests and the slow-line bench.
 *
 * @param {import('@playwright/test').BrowserContext} context
 * @param {import('@playwright/test').Page} page
 * @returns {Promise<void>}
 */
export async function onSlowLine(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: (400 * 1000) / 8,
    uploadThroughput: (400 * 1000) / 8,
  });
}

/**
 * An expression to evaluate in a page: its first-contentful-paint entry, once the browser has
 * reported it. A busy machine can report it after the 'load' event, so it is waited for.
 */
export const FIRST_CONTENTFUL_PAINT = `new Promise((resolve) => {
  new PerformanceObserver((list, observer) => {
    const entry = list.getEntriesByName('first-contentful-paint')[0];
    if (!entry) return;
    observer.disconnect();
    resolve(entry);
  }).observe({ type: 'paint', buffered: true });
})`;
