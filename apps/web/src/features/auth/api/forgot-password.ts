import { useMailLinkRequest } from './mail-link-request';

export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for that email, a reset link is on its way.';

/** POST /auth/forgot-password: mails a link to choose a new password. */
export function useForgotPassword() {
  return useMailLinkRequest('/auth/forgot-password');
}
