import { z } from 'zod';

/**
 * The moderation contract (docs/PRODUCT.md §16): reports from anyone (POST /v1/reports), the admin
 * queue and its actions (/v1/admin/..., a 404 for everyone but admins), the audit log, and the
 * owner's side (their decisions and appeals under /v1/moderation).
 */

import {
  APPEAL_MESSAGE_MAX_LENGTH,
  MODERATION_MESSAGES,
  MODERATION_REASON_MAX_LENGTH,
  REPORT_NOTE_MAX_LENGTH,
  REPORT_REASONS,
} from './moderation-texts.js';

export * from './moderation-texts.js';

export const reportInputSchema = z.object({
  username: z.string().trim().min(1).max(64),
  /** The PB the reporter saw (the public page's PB id); absent for the whole profile. */
  pbId: z.string().trim().min(1).max(64).optional(),
  reason: z.enum(REPORT_REASONS),
  note: z.string().trim().max(REPORT_NOTE_MAX_LENGTH).default(''),
  /** Where the answer goes; required when the reporter is not signed in. */
  email: z.email(MODERATION_MESSAGES.emailForAnswer).max(254).optional(),
});
export type ReportInput = z.input<typeof reportInputSchema>;

export const MODERATION_ACTIONS = ['dismiss', 'hide-pb', 'suspend', 'restore', 'delete'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const moderationReasonSchema = z
  .string()
  .trim()
  .min(1, MODERATION_MESSAGES.reasonRequired)
  .max(MODERATION_REASON_MAX_LENGTH);

/**
 * One action: on a PB when `exerciseId` is given (hide-pb needs one; restore and delete act on
 * the PB then, else on the profile), with the reason the owner is told. `appealId` closes the
 * appeal it answers.
 */
export const moderationActionInputSchema = z.object({
  action: z.enum(MODERATION_ACTIONS),
  reason: moderationReasonSchema,
  userId: z.string().min(1).max(64),
  exerciseId: z.string().min(1).max(64).optional(),
  appealId: z.string().min(1).max(64).optional(),
});
export type ModerationActionInput = z.infer<typeof moderationActionInputSchema>;

/** One line of the audit log: who did what, to whom, when and why. Nobody can edit it. */
export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  adminEmail: z.string(),
  action: z.enum(MODERATION_ACTIONS),
  userId: z.string(),
  username: z.string(),
  exerciseId: z.string().nullable(),
  recordId: z.string().nullable(),
  reason: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const moderationStateSchema = z.object({ reason: z.string(), at: z.string() });
export type ModerationState = z.infer<typeof moderationStateSchema>;

export const queueItemSchema = z.object({
  /** The profile's id, or `{userId}:{exerciseId}` for a PB. */
  key: z.string(),
  profile: z.object({
    userId: z.string(),
    username: z.string(),
    avatarUrl: z.string().nullable(),
    suspended: moderationStateSchema.nullable(),
  }),
  pb: z
    .object({
      exerciseId: z.string(),
      recordId: z.string().nullable(),
      title: z.string(),
      mediaType: z.enum(['image', 'video']),
      /** A picture to show: the photo, or the video's poster. */
      pictureUrl: z.string().nullable(),
      /** The video itself, for playing it in the queue. */
      videoUrl: z.string().nullable(),
      hidden: moderationStateSchema.nullable(),
    })
    .nullable(),
  reasons: z.array(z.object({ reason: z.enum(REPORT_REASONS), count: z.number().int() })),
  total: z.number().int(),
  /** The reporters' notes, newest first (at most 10); never who sent them. */
  notes: z.array(z.string()),
  firstReportedAt: z.string(),
  lastReportedAt: z.string(),
  /** Every action taken on this account before, newest first. */
  history: z.array(auditEntrySchema),
});
export type QueueItem = z.infer<typeof queueItemSchema>;

export const queueAppealSchema = z.object({
  id: z.string(),
  userId: z.string(),
  username: z.string(),
  message: z.string(),
  createdAt: z.string(),
  /** The decision appealed. */
  decision: auditEntrySchema,
});
export type QueueAppeal = z.infer<typeof queueAppealSchema>;

/** GET /v1/admin/queue. */
export const moderationQueueSchema = z.object({
  items: z.array(queueItemSchema),
  appeals: z.array(queueAppealSchema),
});
export type ModerationQueue = z.infer<typeof moderationQueueSchema>;

/** GET /v1/admin/audit (newest first; `?before=&beforeId=`, the oldest entry's `at` and `id`, pages back). */
export const auditLogSchema = z.object({ entries: z.array(auditEntrySchema) });

/** The owner's view of a decision about their account (GET /v1/moderation/decisions). */
export const ownerDecisionSchema = z.object({
  id: z.string(),
  action: z.enum(MODERATION_ACTIONS),
  reason: z.string(),
  at: z.string(),
  /** The PB it was about, if one. */
  pbTitle: z.string().nullable(),
  appeal: z.object({ status: z.enum(['open', 'resolved']), createdAt: z.string() }).nullable(),
});
export type OwnerDecision = z.infer<typeof ownerDecisionSchema>;
export const ownerDecisionsSchema = z.object({ decisions: z.array(ownerDecisionSchema) });

export const appealInputSchema = z.object({
  actionId: z.string().min(1).max(64),
  message: z.string().trim().min(1, 'Say why').max(APPEAL_MESSAGE_MAX_LENGTH),
});
