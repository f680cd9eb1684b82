import { sessionSchema, type LoginInput, type Session } from '@pbshare/shared';
import { useMutation } from '@tanstack/react-query';

import { apiClient } from '@/lib/session-api-client';
import { useAuth } from '../use-auth';

/** POST /auth/login: the access token and the user; the refresh token arrives as a cookie. */
export function login(input: LoginInput): Promise<Session> {
  return apiClient.post('/auth/login', input, { parse: (data) => sessionSchema.parse(data) });
}

/** Signs in and stores the session. */
export function useLogin() {
  const { startSession } = useAuth();
  return useMutation({
    mutationFn: login,
    onSuccess: (session) => {
      startSession(session);
    },
  });
}
