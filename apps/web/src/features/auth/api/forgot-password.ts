import { useMailLinkRequest } from './mail-link-request';

/** POST /auth/forgot-password: mails a link to choose a new password. */
export function useForgotPassword() {
  return useMailLinkRequest('/auth/forgot-password');
}
