import { useMutation } from '@tanstack/react-query';

import { apiClient } from '@/lib/session-api-client';

/** DELETE /users with the password as confirmation: the account, its PBs and files go. */
export async function deleteAccount(password: string): Promise<void> {
  await apiClient.request('/users', { method: 'DELETE', body: { password } });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
