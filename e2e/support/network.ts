import type { BrowserContext, Page } from '@playwright/test';

/**
 * Slows `page` to a weak phone line, 400 kbit/s each way with 400 ms of latency, through
 * Chromium's own network emulation (so every request waits, in the order the browser sends them).
 */
export async function onSlowLine(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: (400 * 1000) / 8,
    uploadThroughput: (400 * 1000) / 8,
  });
}
