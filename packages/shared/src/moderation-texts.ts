// The moderation words and limits without zod, so the public page's report form can import them
// without the schemas (its script budget, apps/web/src/entries/README.md).

/** Why something is reported, in the order the form lists them. */
export const REPORT_REASONS = [
  'nudity',
  'violence',
  'harassment',
  'not-theirs',
  'spam',
  'impersonation',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  nudity: 'Nudity or sexual content',
  violence: 'Violence or gore',
  harassment: 'Harassment or hate',
  'not-theirs': "Someone else's photo or video",
  spam: 'Spam or a fake profile',
  impersonation: 'Pretending to be someone else',
  other: 'Something else',
};

export const REPORT_NOTE_MAX_LENGTH = 1000;
export const MODERATION_REASON_MAX_LENGTH = 1000;
export const APPEAL_MESSAGE_MAX_LENGTH = 2000;
/** Reports one address may send in an hour, and one account in a day. */
export const REPORTS_PER_ADDRESS_PER_HOUR = 10;
export const REPORTS_PER_ACCOUNT_PER_DAY = 20;

export const MODERATION_MESSAGES = {
  reportThanks: "Thanks, we'll review it",
  emailForAnswer: 'Enter an e-mail for the answer',
  ownProfile: "You can't report your own profile",
  profileUnavailable: 'This profile is not available',
  reasonRequired: 'Give a reason',
  hiddenByModeration: 'Hidden by moderation',
  /** Making a PB hidden by moderation visible again. */
  hiddenUntilRestored:
    'This PB was hidden by moderation. It stays hidden until a moderator restores it.',
  appealSent: "Your appeal is sent. We'll answer by e-mail.",
  alreadyAppealed: 'You already appealed this decision.',
  actionDone: 'Decision recorded',
  // An admin's action that no longer fits what is in force (another admin acted first).
  alreadyHidden: 'This PB is already hidden by moderation.',
  notHidden: 'This PB is not hidden by moderation.',
  alreadySuspended: 'This profile is already suspended.',
  notSuspended: 'This profile is not suspended.',
  appealNotOpen: 'That appeal is not open.',
} as const;
