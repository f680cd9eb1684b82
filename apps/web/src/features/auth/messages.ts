/** The fallback when a verification or reset e-mail fails to go out, wherever one is sent. */
export const EMAIL_NOT_SENT_MESSAGE = 'The email could not be sent. Please try again.';
