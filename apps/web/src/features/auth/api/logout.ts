import { apiClient } from '@/lib/session-api-client';

/** POST /auth/logout: ends the session on the server and clears the refresh cookie. */
export async function logout(): Promise<void> {
  await apiClient.post('/auth/logout');
}
