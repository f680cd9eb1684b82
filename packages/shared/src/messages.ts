// The messages the server answers with and the web app shows, written once so the two sides
// never drift apart. Zod-free, so any bundle may import it. The media messages live beside their
// limits (media-limits.ts); messages.test.ts keeps every one of them out of the apps as a literal.

/** Sign-in, sessions, email verification and passwords (/v1/auth). */
export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password. Please try again.',
  /** A refresh that was refused: the session is over. */
  sessionExpired: 'Session expired, please log in again.',
  emailVerified: 'Your email is verified. You can sign in now.',
  /** Said whether or not the address has an account waiting, so it tells nobody which exist. */
  verificationResent: 'If that account still needs verifying, a new link is on its way.',
  /** Said whether or not the address has an account, for the same reason. */
  resetLinkSent: 'If an account exists for that email, a reset link is on its way.',
  passwordReset: 'Your password has been reset. Please sign in with your new password.',
  passwordUpdated: 'Password updated successfully!',
  /**
   * Above the sign-up form after 'Try again' on the verify screen: signing up again with the same
   * username and password moves the unverified account to the new address (docs/PRODUCT.md §2).
   */
  usernameKeptForRetry: 'Your username is kept. Enter the right email and the same password.',
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
