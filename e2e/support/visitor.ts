import type { Browser, BrowserContext } from '@playwright/test';

/** A signed-out visitor's context of the same size as the project's page. */
export function visitorContext(
  browser: Browser,
  baseURL: string | undefined,
  size: { width: number; height: number } | null,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: size,
    isMobile: size?.width === 390,
    ...options,
  });
}
