/** Texts of the purchase flow that tests look for. */
export const PRO_PLAN_MESSAGE = "You're on the Pro plan! Enjoy unlimited PBs and premium features.";
export const PURCHASED_TITLE = 'Subscription Purchased!';
export const PURCHASED_MESSAGE = 'Your subscription has been activated successfully.';
export const CONFIRMING_MESSAGE = 'Confirming your payment…';
export const STILL_CONFIRMING_MESSAGE =
  'Your payment is still being confirmed. Pro will apply to your account automatically as soon as it is; there is no need to pay again.';
export const CANCELLED_MESSAGE =
  'Checkout cancelled: no payment was taken. Choose a plan whenever you are ready.';
export const UNKNOWN_CHECKOUT_MESSAGE =
  'We could not find this checkout on your account, so nothing was charged through it. Choose a plan to upgrade.';
/** How long the return page waits for the payment provider's confirmation. */
export const CONFIRM_TIMEOUT_MS = 60_000;
export const CONFIRM_POLL_MS = 1_500;
