import { vi } from 'vitest';

/** Makes the browser say the visitor asked for reduced motion (jsdom has no matchMedia). */
export function stubReducedMotion(): void {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: query === '(prefers-reduced-motion: reduce)',
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
}
