import { useMutation } from '@tanstack/react-query';

import { apiClient } from '@/lib/session-api-client';

export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for that email, a reset link is on its way.';

/** POST /auth/forgot-password: answers the same whether or not the account exists. */
export async function forgotPassword(email: string): Promise<void> {
  await apiClient.post('/auth/forgot-password', { email });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
