import { useMutation } from '@tanstack/react-query';

import { apiClient } from '@/lib/session-api-client';

/** POST /auth/reset-password with the mailed token. */
export async function resetPassword(input: { token: string; password: string }): Promise<void> {
  await apiClient.post('/auth/reset-password', input);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
