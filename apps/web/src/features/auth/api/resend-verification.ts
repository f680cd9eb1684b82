import { useMutation } from '@tanstack/react-query';

import { apiClient } from '@/lib/session-api-client';

export const RESEND_VERIFICATION_MESSAGE =
  'If that account still needs verifying, a new link is on its way.';

/** POST /auth/resend-verification: answers the same whether or not the account exists. */
export async function resendVerification(email: string): Promise<void> {
  await apiClient.post('/auth/resend-verification', { email });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
