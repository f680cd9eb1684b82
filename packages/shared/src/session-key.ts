// Kept apart from the schemas in auth.ts: the landing page's lean bundle reads the stored session
// to choose its hydration, and a module with top-level zod schemas would bring zod with it.

/** localStorage key of the access token (docs/PRODUCT.md §3). */
export const ACCESS_TOKEN_STORAGE_KEY = 'accessToken';
