import { userSchema, type RegisterInput, type User } from '@pbshare/shared';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';

import { apiClient } from '@/lib/session-api-client';

const registerResultSchema = z.object({ user: userSchema });

/** POST /auth/register: creates the account and mails the verification link. */
export async function register(input: RegisterInput): Promise<User> {
  const { user } = await apiClient.post('/auth/register', input, {
    parse: (data) => registerResultSchema.parse(data),
  });
  return user;
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
