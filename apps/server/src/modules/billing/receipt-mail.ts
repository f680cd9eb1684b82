import { DEMO_CHECKOUT_NOTICE, formatUsd, planById, PRODUCT_NAME } from '@pbshare/shared';
import { layout } from '../../mail/templates.js';
import type { MailMessage } from '../../mail/mailer.js';
import type { PurchaseRecord } from './repository.js';

/** The receipt sent once a purchase is paid; the Account tab lists the same facts. */
export function receiptMessage(
  to: string,
  purchase: PurchaseRecord,
  accountUrl: string,
): MailMessage {
  const amount =
    purchase.currency.toLowerCase() === 'usd'
      ? formatUsd(purchase.amountCents)
      : `${(purchase.amountCents / 100).toFixed(2)} ${purchase.currency.toUpperCase()}`;
  const paidOn = (purchase.paidAt ?? purchase.createdAt).slice(0, 10);
  const lines = [
    `Thank you! Your ${PRODUCT_NAME} Pro is active: unlimited personal bests from now on.`,
    `Plan: ${planById(purchase.plan).name}`,
    `Amount: ${amount}, one-time payment (you are never charged again automatically)`,
    `Paid on: ${paidOn}`,
    purchase.expiresAt
      ? `Pro until: ${purchase.expiresAt.slice(0, 10)}`
      : 'Pro for life: it never expires.',
    `Receipt number: ${purchase.id}`,
    ...(purchase.provider === 'demo' ? [`${DEMO_CHECKOUT_NOTICE}.`] : []),
  ];
  return {
    to,
    subject: `Your ${PRODUCT_NAME} Pro receipt`,
    link: accountUrl,
    text: `${lines.join('\n')}\n\nYour purchases: ${accountUrl}\n`,
    html: layout('Your Pro receipt', lines, { label: 'See your purchases', url: accountUrl }),
  };
}
