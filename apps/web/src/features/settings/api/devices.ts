import { signedInDevicesSchema, type SignedInDevice } from '@pbshare/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '@/lib/session-api-client';

const devicesQueryKey = ['devices'] as const;

/** GET /auth/sessions: where the account is signed in, the asking device marked `current`. */
export function getDevices(signal?: AbortSignal): Promise<SignedInDevice[]> {
  return apiClient.get('/auth/sessions', {
    signal,
    parse: (data) => signedInDevicesSchema.parse(data).devices,
  });
}

export function useDevices() {
  return useQuery({ queryKey: devicesQueryKey, queryFn: ({ signal }) => getDevices(signal) });
}

/** DELETE /auth/sessions/{id} or POST /auth/sessions/sign-out-others; the list is read again. */
export function useSignOutDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (which: { id: string } | 'others') =>
      which === 'others'
        ? apiClient.post('/auth/sessions/sign-out-others')
        : apiClient.request(`/auth/sessions/${encodeURIComponent(which.id)}`, {
            method: 'DELETE',
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: devicesQueryKey }),
  });
}
