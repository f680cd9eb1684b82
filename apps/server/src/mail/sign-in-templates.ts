import { PRODUCT_NAME } from '@pbshare/shared';
import type { MailMessage } from './mailer.js';
import { layout } from './templates.js';

export interface SignInFacts {
  device: string;
  browser: string;
  /** An English country name, or null when the address tells none. */
  country: string | null;
  at: Date;
}

/** A sign-in from a device the account has not used before. */
export function newSignInMessage(to: string, facts: SignInFacts, reviewLink: string): MailMessage {
  const what = [facts.device || 'An unknown device', facts.browser].filter(Boolean).join(', ');
  const where = facts.country ? ` in ${facts.country}` : '';
  const when = facts.at.toUTCString();
  const intro = `Your ${PRODUCT_NAME} account was just signed in from a new device: ${what}${where}, ${when}.`;
  const note =
    'If this was you, there is nothing to do. If not, sign that device out in Settings and change your password.';
  return {
    to,
    link: reviewLink,
    subject: `New sign-in to your ${PRODUCT_NAME} account`,
    text: `${intro}\n\n${note}\n\nReview your devices: ${reviewLink}\n`,
    html: layout('New sign-in', [intro, note], { label: 'Review your devices', url: reviewLink }),
  };
}
