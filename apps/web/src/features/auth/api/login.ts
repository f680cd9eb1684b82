import {
  secondStepNeededSchema,
  sessionSchema,
  type LoginInput,
  type SecondStepInput,
  type Session,
} from '@pbshare/shared';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';

import { apiClient } from '@/lib/session-api-client';
import { useAuth } from '../use-auth';

const loginAnswerSchema = z.union([sessionSchema, secondStepNeededSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/**
 * POST /auth/login: the access token and the user (the refresh token arrives as a cookie), or,
 * for an account with an authenticator app, a ticket for the second step.
 */
export function login(input: LoginInput): Promise<LoginAnswer> {
  return apiClient.post('/auth/login', input, { parse: (data) => loginAnswerSchema.parse(data) });
}

/** Signs in and stores the session; a second step leaves the ticket in the mutation's data. */
export function useLogin() {
  const { startSession } = useAuth();
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => {
      if ('accessToken' in answer) startSession(answer);
    },
  });
}

/** POST /auth/login/second-step: the ticket and a code from the app, or a recovery code. */
export function passSecondStep(input: SecondStepInput): Promise<Session> {
  return apiClient.post('/auth/login/second-step', input, {
    parse: (data) => sessionSchema.parse(data),
  });
}

export function useSecondStep() {
  const { startSession } = useAuth();
  return useMutation({ mutationFn: passSecondStep, onSuccess: startSession });
}
