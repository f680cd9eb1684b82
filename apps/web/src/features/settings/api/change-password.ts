import { useMutation } from '@tanstack/react-query';

import { apiClient } from '@/lib/session-api-client';

/** PUT /auth/change-password. Other devices are signed out; this one stays signed in. */
export async function changePassword(input: {
  currentPassword: string;
  newPassword: string;
}): Promise<void> {
  await apiClient.put('/auth/change-password', input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
