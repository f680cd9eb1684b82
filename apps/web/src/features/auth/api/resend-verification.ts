import { useMailLinkRequest } from './mail-link-request';

export const RESEND_VERIFICATION_MESSAGE =
  'If that account still needs verifying, a new link is on its way.';

/** POST /auth/resend-verification: mails a new link to verify the address. */
export function useResendVerification() {
  return useMailLinkRequest('/auth/resend-verification');
}
