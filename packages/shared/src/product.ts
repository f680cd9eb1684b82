/** Product-wide constants taken from docs/PRODUCT.md §9 (and section 1 for the marketing copy). */
export const PRODUCT_NAME = 'PBShare';

/** The fixed marketing figure the landing page shows. */
export const ENTHUSIAST_COUNT = 3548;

export const FREE_TIER_PB_LIMIT = 3;
/**
 * The free limit as every screen words it (docs/PRODUCT.md §1): the cap counts exercises, and a
 * new record of an exercise already tracked never does.
 */
export const FREE_LIMIT_TEXT = `${FREE_TIER_PB_LIMIT} exercises (history entries don't count)`;
export const MAX_VIDEO_SECONDS = 30;

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const MINIMUM_AGE = 13;

/** Timings in milliseconds. */
export const TIMINGS = {
  heroCarouselMs: 4000,
  profileSaveRedirectMs: 800,
  copiedIndicatorMs: 2000,
  uploadProgressResetMs: 500,
  videoAutoplayRetriesMs: [100, 300, 500, 800],
} as const;

/** Layout numbers in CSS pixels unless named otherwise. */
export const LAYOUT = {
  mobileBreakpointPx: 768,
  navGlassScrollPx: 20,
  dragActivationPx: 8,
  dragOverlayScale: 1.05,
  dragOverlayOpacity: 0.8,
  storyClampPx: 80,
  storyExpandedVh: 30,
  storyReadMoreAboveChars: 150,
  phoneFrame: { width: 390, height: 844, maxHeightVh: 90 },
} as const;

export const UPLOAD_PROGRESS_BUCKETS = [25, 50, 75, 100] as const;
