import { useMailLinkRequest } from './mail-link-request';

/** POST /auth/resend-verification: mails a new link to verify the address. */
export function useResendVerification() {
  return useMailLinkRequest('/auth/resend-verification');
}
