import { userSchema, type User } from '@pbshare/shared';

import { apiClient } from '@/lib/session-api-client';

/** GET /users/profile: the signed-in user. */
export function getProfile({ signal }: { signal?: AbortSignal } = {}): Promise<User> {
  return apiClient.get('/users/profile', { signal, parse: (data) => userSchema.parse(data) });
}
