import { z } from 'zod';
import { CATEGORIES, UNITS } from './categories.js';
import { moderationStateSchema } from './moderation.js';

/** The /v1/pbs contract. A PB on the wire is one record of an exercise, with its text forms. */

export const PB_TITLE_MAX_LENGTH = 80;
export const PB_STORY_MAX_LENGTH = 2000;
export const SETS_REPS_MAX = 1000;

export const MEDIA_TYPES = ['image', 'video'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/**
 * Where a PB's media stands: photos are ready at once; a video is 'processing' until the server
 * has made the rendition every browser plays, or 'failed' when it could not (docs/PRODUCT.md §12).
 */
export const MEDIA_STATUSES = ['ready', 'processing', 'failed'] as const;
export type MediaStatus = (typeof MEDIA_STATUSES)[number];

export const pbMediaSchema = z.object({
  type: z.enum(MEDIA_TYPES),
  status: z.enum(MEDIA_STATUSES),
  /**
   * The file itself: the full-screen WebP for images, the rendition for videos (while a video is
   * not ready: its poster, so nothing unplayable is ever linked).
   */
  url: z.string(),
  /** About 480 px wide, for cards (images: a WebP rendition; videos: the poster, if any). */
  cardUrl: z.string().nullable(),
  /** About 1080 px wide (images) or the video's rendition (its poster while not ready). */
  fullUrl: z.string(),
  posterUrl: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** How long a video plays, in seconds (`clipLength` shows it); null for images and unknown. */
  durationSeconds: z.number().nonnegative().nullable(),
});
export type PbMedia = z.infer<typeof pbMediaSchema>;

export const pbRecordSchema = z.object({
  id: z.string(),
  /** 'amount unit' or H:MM:SS, as the spec stores it. */
  value: z.string(),
  /** The card's form: durations without a zero hour. */
  displayValue: z.string(),
  amount: z.number(),
  unit: z.enum(UNITS),
  /** 'Month D, YYYY'. */
  date: z.string(),
  /** 'YYYY-MM-DD'. */
  achievedOn: z.string(),
  sets: z.number().int().nullable(),
  reps: z.number().int().nullable(),
  story: z.string(),
  /** The media URL, as the spec names it. */
  image: z.string(),
  mediaType: z.enum(MEDIA_TYPES),
  media: pbMediaSchema,
  createdAt: z.string(),
});
export type PbRecord = z.infer<typeof pbRecordSchema>;

/**
 * How a record stands against the previous best: the best of the exercise's records older than it
 * (docs/PRODUCT.md §3, Comparison; computed by `improvementOver`).
 */
export const pbImprovementSchema = z.object({
  /** The previous best's display value: '140 kg', '22:48'. */
  previousBest: z.string(),
  /** Signed, in the record's unit: '+5 kg', '-0:42' ('±0 kg' for a tie). */
  change: z.string(),
  /** Whether the record beats the previous best; a tie does not. */
  beaten: z.boolean(),
});
export type PbImprovement = z.infer<typeof pbImprovementSchema>;

export const personalBestSchema = pbRecordSchema.extend({
  exerciseId: z.string(),
  title: z.string(),
  category: z.enum(CATEGORIES),
  isVisible: z.boolean(),
  order: z.number().int(),
  /** Null for a first record, or when no older record measures the same thing. */
  improvement: pbImprovementSchema.nullable(),
  /**
   * Until when (ISO time) the record shows 'New PB': set when it beat the previous best, else
   * null. The client compares it with its own clock, so an answer cached for days stays right.
   */
  newPbUntil: z.string().nullable(),
  /** Older records of the same exercise, newest first. */
  personalBestHistory: z.array(pbRecordSchema),
  /**
   * Why and since when moderation hides the PB, or null. Only its owner's cards carry it (the
   * server always sends it); the PB stays hidden until a moderator restores it.
   */
  moderation: moderationStateSchema.nullable().optional(),
});
export type PersonalBest = z.infer<typeof personalBestSchema>;

export const visibilityInputSchema = z.object({
  id: z.string().min(1),
  isVisible: z.boolean(),
});

export const reorderInputSchema = z.object({
  orderedIds: z.array(z.string().min(1)).min(1).max(10_000),
});

/**
 * A PB's fields on the wire, as text (multipart parts, or the JSON of an update), before the rules
 * of `pbInputSchema`. The value comes as the spec's text in `value` ('225 lbs', '0:22:48'), or as
 * `amount` beside its `unit` (a duration's amount in whole seconds); the spec's bare number in
 * `value` beside `unit` reads like `amount`. No `date` means today.
 */
export const pbFieldsSchema = z.object({
  title: z.string().optional(),
  category: z.string().optional(),
  value: z.string().optional(),
  amount: z.string().optional(),
  unit: z.string().optional(),
  date: z.string().optional(),
  sets: z.string().optional(),
  reps: z.string().optional(),
  story: z.string().optional(),
});
export type PbFields = z.infer<typeof pbFieldsSchema>;
