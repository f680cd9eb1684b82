import { useMutation } from '@tanstack/react-query';

import { apiClient } from '@/lib/session-api-client';

/**
 * The calls that mail a link to an address (a password reset, a new verification link): POST
 * `{ email }`, answered the same whether or not the account exists, so there is nothing to read.
 */
export function useMailLinkRequest(path: '/auth/forgot-password' | '/auth/resend-verification') {
  return useMutation({
    mutationFn: async (email: string) => {
      await apiClient.post(path, { email });
    },
  });
}
