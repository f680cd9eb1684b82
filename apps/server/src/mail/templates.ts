import { PRODUCT_NAME } from '@pbshare/shared';
import type { MailMessage } from './mailer.js';
import { escapeHtml } from '../security/escape-html.js';

/** The account e-mails, each as plain text and HTML. Every interpolated value is escaped. */

export function layout(
  heading: string,
  paragraphs: string[],
  action?: { label: string; url: string },
) {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#f97316;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#555">Or paste this link into your browser:<br>${escapeHtml(action.url)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;max-width:520px;margin:0 auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(heading)}</h1>${body}${button}<p style="font-size:12px;color:#777">${PRODUCT_NAME}</p></body></html>`;
}

export function verifyEmailMessage(to: string, displayName: string, link: string): MailMessage {
  const intro = `Hi ${displayName}, welcome to ${PRODUCT_NAME}! Please confirm your email address to finish setting up your account.`;
  const note = 'This link works for 24 hours. If you did not sign up, you can ignore this email.';
  return {
    to,
    link,
    subject: `Verify your email for ${PRODUCT_NAME}`,
    text: `${intro}\n\nVerify your email: ${link}\n\n${note}\n`,
    html: layout('Verify your email', [intro, note], { label: 'Verify my email', url: link }),
  };
}

export function resetPasswordMessage(to: string, link: string): MailMessage {
  const intro = `Someone asked to reset the password of your ${PRODUCT_NAME} account.`;
  const note =
    'This link works for 30 minutes and only once. If it was not you, ignore this email: your password stays the same.';
  return {
    to,
    link,
    subject: `Reset your ${PRODUCT_NAME} password`,
    text: `${intro}\n\nChoose a new password: ${link}\n\n${note}\n`,
    html: layout('Reset your password', [intro, note], {
      label: 'Choose a new password',
      url: link,
    }),
  };
}

/**
 * The forgotten-password mail for an account made with a passkey, which has no password to
 * reset: the same link, named for what it does there.
 */
export function firstPasswordMessage(to: string, link: string): MailMessage {
  const intro = `Someone asked to set a password for your ${PRODUCT_NAME} account, which you sign in to with a passkey.`;
  const note =
    'This link works for 30 minutes and only once. If it was not you, ignore this email: your account stays as it is.';
  return {
    to,
    link,
    subject: `Set a password for ${PRODUCT_NAME}`,
    text: `${intro}\n\nChoose a password: ${link}\n\n${note}\n`,
    html: layout('Set a password', [intro, note], { label: 'Choose a password', url: link }),
  };
}

export function passwordChangedMessage(to: string, supportEmail: string): MailMessage {
  const intro = `The password of your ${PRODUCT_NAME} account was just changed, and every other device was signed out.`;
  const note = `If this was not you, reset your password now and write to ${supportEmail}.`;
  return {
    to,
    subject: `Your ${PRODUCT_NAME} password was changed`,
    text: `${intro}\n\n${note}\n`,
    html: layout('Your password was changed', [intro, note]),
  };
}

/**
 * To the owner of an address someone just signed up with: sign-up answers the same as for a new
 * address (so it tells nobody who has an account), and this mail tells the owner instead.
 */
export function signUpAgainMessage(to: string, signInLink: string, resetLink: string): MailMessage {
  const intro = `Someone just tried to sign up for ${PRODUCT_NAME} with this email address, which already has an account.`;
  const note = `If it was you, sign in instead. Forgot your password? Reset it here: ${resetLink}`;
  const ignore = 'If it was not you, ignore this email: nothing has changed on your account.';
  return {
    to,
    link: signInLink,
    subject: `Someone tried to sign up with your address on ${PRODUCT_NAME}`,
    text: `${intro}\n\nSign in: ${signInLink}\n\n${note}\n\n${ignore}\n`,
    html: layout('Someone tried to sign up with your address', [intro, note, ignore], {
      label: 'Sign in',
      url: signInLink,
    }),
  };
}
