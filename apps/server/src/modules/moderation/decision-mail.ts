import { PRODUCT_NAME, type ModerationAction } from '@pbshare/shared';
import { layout } from '../../mail/templates.js';
import type { MailMessage } from '../../mail/mailer.js';

/** Where the owner reads their decisions and appeals: Settings, its Moderation tab. */
export const MODERATION_SETTINGS_PATH = '/profile/settings?tab=moderation';

export interface Decision {
  /** 'appeal-kept': an appeal was reviewed and the decision it was about stands. */
  action: Exclude<ModerationAction, 'dismiss'> | 'appeal-kept';
  /** The PB's title when the action was about one PB. */
  pbTitle: string | undefined;
  reason: string;
}

/** What happened, in the owner's words, for each kind of decision. */
function whatHappened({ action, pbTitle }: Decision): string {
  const pb = pbTitle === undefined ? undefined : `your PB "${pbTitle}"`;
  switch (action) {
    case 'appeal-kept':
      return `A moderator reviewed your appeal${pb ? ` about ${pb}` : ''} and kept the decision.`;
    case 'hide-pb':
      return `A moderator hid ${pb ?? 'one of your PBs'} from your public page. It stays hidden until a moderator restores it.`;
    case 'suspend':
      return `A moderator suspended your profile: your public page and its PBs are not shown to anyone. You can still sign in, see your PBs and download your data.`;
    case 'restore':
      return pb
        ? `A moderator restored ${pb}: it shows on your public page again.`
        : 'A moderator lifted the suspension of your profile: your public page is back.';
    case 'delete':
      return pb
        ? `A moderator deleted ${pb}, with its records and media.`
        : `A moderator deleted your ${PRODUCT_NAME} account, with its PBs and media.`;
  }
}

/**
 * The mail telling an owner about a decision on their account: what happened, the reason, and how
 * to appeal (in Settings, signed in). A deleted account has nowhere to sign in to: its mail points
 * to support instead; a restore needs no appeal.
 */
export function decisionMessage(
  to: string,
  decision: Decision,
  options: { publicOrigin: string; supportEmail: string },
): MailMessage {
  const accountGone = decision.action === 'delete' && decision.pbTitle === undefined;
  const link = `${options.publicOrigin}${MODERATION_SETTINGS_PATH}`;
  const appeal = accountGone
    ? `If you think this is a mistake, write to ${options.supportEmail}.`
    : decision.action === 'restore' || decision.action === 'appeal-kept'
      ? undefined
      : "If you think this is a mistake, you can appeal: sign in, open Settings → Moderation and choose 'Appeal'.";
  const lines = [whatHappened(decision), `Reason: ${decision.reason}`, ...(appeal ? [appeal] : [])];
  const withLink = !accountGone;
  return {
    to,
    subject: `A decision about your ${PRODUCT_NAME} profile`,
    ...(withLink && { link }),
    text: `${lines.join('\n\n')}\n${withLink ? `\nYour decisions: ${link}\n` : ''}`,
    html: layout(
      'A decision about your profile',
      lines,
      withLink ? { label: 'See the decision', url: link } : undefined,
    ),
  };
}
