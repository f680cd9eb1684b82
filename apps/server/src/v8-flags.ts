/**
 * The V8 flags the server runs with: v8-settings.ts applies them, and the bench starts its
 * minimal route with them too. Why each: docs/decisions/0010-v8-pretenuring-off.md.
 */
export const V8_FLAGS = ['--no-allocation-site-pretenuring'] as const;
