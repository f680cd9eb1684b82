import {
  recoveryCodesSchema,
  twoStepSetupSchema,
  twoStepStatusSchema,
  type TwoStepSetup,
} from '@pbshare/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '@/lib/session-api-client';

const twoStepQueryKey = ['two-step'] as const;

/** GET /auth/two-step: whether the authenticator app is on, and how many recovery codes are left. */
export function useTwoStepStatus() {
  return useQuery({
    queryKey: twoStepQueryKey,
    queryFn: ({ signal }) =>
      apiClient.get('/auth/two-step', { signal, parse: (data) => twoStepStatusSchema.parse(data) }),
  });
}

/** POST /auth/two-step/setup with the password: a secret and its QR code, not on until enabled. */
export function useTwoStepSetup() {
  return useMutation({
    mutationFn: (password: string): Promise<TwoStepSetup> =>
      apiClient.post(
        '/auth/two-step/setup',
        { password },
        { parse: (data) => twoStepSetupSchema.parse(data) },
      ),
  });
}

/** POST /auth/two-step/enable with the app's first code: the ten recovery codes, shown once. */
export function useTwoStepEnable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string): Promise<string[]> =>
      apiClient.post(
        '/auth/two-step/enable',
        { code },
        { parse: (data) => recoveryCodesSchema.parse(data).codes },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoStepQueryKey }),
  });
}

/** POST /auth/two-step/disable with the password and a code (or a recovery code). */
export function useTwoStepDisable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { password: string; code: string }) =>
      apiClient.post('/auth/two-step/disable', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoStepQueryKey }),
  });
}
