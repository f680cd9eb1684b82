// What /{username}'s HTML carries. Kept apart from the schemas in public-profile.ts: the public
// page's bundle imports these, and a module with top-level zod schemas would bring zod with it.

/** The id of the JSON script element that carries the profile inside /{username}'s HTML. */
export const INLINE_PROFILE_ELEMENT_ID = 'pbshare-profile';

export const DEFAULT_PROFILE_DESCRIPTION =
  'Personal bests with the photos, videos and stories behind them, on PBShare.';
