// The messages the server answers with and the web app shows, written once so the two sides
// never drift apart. Zod-free, so any bundle may import it. The media messages live beside their
// limits (media-limits.ts); messages.test.ts keeps every one of them out of the apps as a literal.

/** Sign-in, sessions, email verification and passwords (/v1/auth). */
export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password. Please try again.',
  /** A refresh that was refused: the session is over. */
  sessionExpired: 'Session expired, please log in again.',
  /** Said for a new address and for one that already has an account, so it tells nobody which. */
  signedUp: 'Account created. Check your inbox to verify your email.',
  emailVerified: 'Your email is verified. You can sign in now.',
  /** Said whether or not the address has an account waiting, so it tells nobody which exist. */
  verificationResent: 'If that account still needs verifying, a new link is on its way.',
  /** Said whether or not the address has an account, for the same reason. */
  resetLinkSent: 'If an account exists for that email, a reset link is on its way.',
  passwordReset: 'Your password has been reset. Please sign in with your new password.',
  passwordUpdated: 'Password updated successfully!',
  /** A right password (or a passkey) on an account whose e-mail is not verified yet. */
  emailNotVerified:
    'Please verify your email before signing in. Check your inbox, or send a new link.',
  /**
   * Above the sign-up form after 'Try again' on the verify screen: signing up again with the same
   * username and password moves the unverified account to the new address (docs/PRODUCT.md §2).
   */
  usernameKeptForRetry: 'Your username is kept. Enter the right email and the same password.',
  /**
   * A step confirmed with the password (changing it, the authenticator app, deleting the
   * account) on an account made with a passkey that has no password yet.
   */
  setPasswordFirst: 'Your account has no password yet. Set one first in Settings → Password.',
} as const;

/** The signed-in person's own account (/v1/users). */
export const ACCOUNT_MESSAGES = {
  profileUpdated: 'Profile updated successfully!',
  accountDeleted: 'Your account has been deleted.',
} as const;

/** Personal bests (/v1/pbs). */
export const PB_MESSAGES = {
  notFound: "The personal best you're trying to edit could not be found.",
  mediaRequired: 'Please upload an image or video to save your personal best',
  updated: 'Personal best updated successfully!',
  orderSaved: 'Order saved',
  /** What saving a record below its best does ({best} and {value} are records: '140 kg × 3'). */
  notBestOutcome: 'Your best stays {best}; {value} goes to your history.',
  /** The toast after 'Save anyway': the record is kept, but it is not a new personal best. */
  savedToHistory: 'Saved to your history',
} as const;

/** A public profile that does not exist or shows nothing (/{username}, /v1/pbs/user/{username}). */
export const PUBLIC_PROFILE_MESSAGES = {
  notFound: "The profile you're looking for doesn't exist or is not available.",
} as const;

/** The signed-in devices in Settings (/v1/auth/sessions). */
export const DEVICE_MESSAGES = {
  signedOutOne: 'That device is signed out.',
  signedOutOthers: 'Every other device is signed out.',
  notFound: 'That device is not signed in any more.',
} as const;

/** Two-step sign-in with an authenticator app (/v1/auth/two-step, the sign-in's second step). */
export const TWO_STEP_MESSAGES = {
  enabled: 'Two-step sign-in is on. Keep your recovery codes somewhere safe.',
  disabled: 'Two-step sign-in is off.',
  secondStepNeeded: 'Enter the code from your authenticator app.',
  wrongCode: 'That code is not right. Check your app and try again.',
  ticketExpired: 'Your sign-in took too long. Please sign in again.',
} as const;

/** Passkeys (/v1/auth/passkeys): Settings' list and signing in with one. */
export const PASSKEY_MESSAGES = {
  added: 'Passkey added. You can sign in with it now.',
  renamed: 'Passkey renamed.',
  removed: 'Passkey removed.',
  notFound: 'That passkey is not on your account.',
  /** A challenge that was used, expired or never existed: the browser simply asks again. */
  staleRequest: 'That passkey request has expired. Please try again.',
  notVerified: 'That passkey could not be verified. Please try again.',
  /** A passkey the device still offers but the account removed (or never had). */
  unknownPasskey: 'That passkey is not registered with any account here.',
  /** Removing the only passkey of an account without a password would lock its owner out. */
  lastOne:
    'This passkey is the only way into your account. Add another passkey or set a password first.',
} as const;
