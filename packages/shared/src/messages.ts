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
} as const;

/** A public profile that does not exist or shows nothing (/{username}, /v1/pbs/user/{username}). */
export const PUBLIC_PROFILE_MESSAGES = {
  notFound: "The profile you're looking for doesn't exist or is not available.",
} as const;
