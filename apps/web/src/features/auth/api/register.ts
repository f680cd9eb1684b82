import type { RegisterInput } from '@pbshare/shared';
import { useMutation } from '@tanstack/react-query';

import { apiClient } from '@/lib/session-api-client';

/**
 * POST /auth/register: creates the account and mails the verification link. The answer carries
 * no account: it is the same when the address already has one (its owner is mailed instead).
 */
export async function register(input: RegisterInput): Promise<void> {
  await apiClient.post('/auth/register', input);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
