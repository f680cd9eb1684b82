import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';

import { LandingApp } from '@/app/landing-app';
import { HYDRATED_ATTRIBUTE } from '@/lib/hydration-mark';
import { loadWebFont } from '@/lib/load-web-font';
import { Providers } from './providers';

/** Hydrates the prerendered landing page for a visitor with the lean app (app/landing-app.tsx). */
export function hydrateLanding(container: HTMLElement): void {
  // A transition: React hydrates in slices, letting the browser in between on a slow phone.
  startTransition(() => {
    hydrateRoot(
      container,
      <Providers>
        <LandingApp />
      </Providers>,
    );
  });
  // Inter comes once hydration is over and the browser is idle: the swap re-lays the page out,
  // which amid hydration's slices would lengthen them. The fallback font is sized like Inter
  // (styles/theme.css), so the swap moves next to nothing.
  afterHydration(() => {
    whenIdle(loadWebFont);
  });
}

function afterHydration(task: () => void): void {
  const root = document.documentElement;
  if (root.hasAttribute(HYDRATED_ATTRIBUTE)) {
    task();
    return;
  }
  const observer = new MutationObserver(() => {
    if (!root.hasAttribute(HYDRATED_ATTRIBUTE)) return;
    observer.disconnect();
    task();
  });
  observer.observe(root, { attributes: true, attributeFilter: [HYDRATED_ATTRIBUTE] });
}

function whenIdle(task: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(task, { timeout: 2000 });
  else setTimeout(task, 500);
}
