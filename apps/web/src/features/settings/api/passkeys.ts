import {
  passkeyCreationSchema,
  passkeySchema,
  passkeysSchema,
  type Passkey,
} from '@pbshare/shared';
import { startRegistration } from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '@/lib/session-api-client';

const passkeysQueryKey = ['passkeys'] as const;

/** GET /auth/passkeys: the account's passkeys, oldest first. */
export function getPasskeys(signal?: AbortSignal): Promise<Passkey[]> {
  return apiClient.get('/auth/passkeys', {
    signal,
    parse: (data) => passkeysSchema.parse(data).passkeys,
  });
}

export function usePasskeys() {
  return useQuery({ queryKey: passkeysQueryKey, queryFn: ({ signal }) => getPasskeys(signal) });
}

/**
 * The whole ceremony: the server's options, the browser's prompt (startRegistration), then the
 * answer for the server to verify and keep. A cancelled prompt rejects with a NotAllowedError.
 */
export async function addPasskey(): Promise<Passkey> {
  const { challengeId, options } = await apiClient.post(
    '/auth/passkeys/registration-options',
    undefined,
    { parse: (data) => passkeyCreationSchema.parse(data) },
  );
  const response = await startRegistration({ optionsJSON: options });
  return apiClient.post(
    '/auth/passkeys',
    { challengeId, response },
    { parse: (data) => passkeySchema.parse(data) },
  );
}

/** Adds, renames or removes a passkey; the list is read again after each. */
export function usePasskeyChanges() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey });
  return {
    add: useMutation({ mutationFn: addPasskey, onSettled }),
    rename: useMutation({
      mutationFn: ({ id, name }: { id: string; name: string }) =>
        apiClient.patch(`/auth/passkeys/${encodeURIComponent(id)}`, { name }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (id: string) => apiClient.delete(`/auth/passkeys/${encodeURIComponent(id)}`),
      onSettled,
    }),
  };
}

/** The device already holds a passkey for this account (the server listed it to exclude). */
export function isAlreadyOnDevice(error: unknown): boolean {
  return error instanceof Error && error.name === 'InvalidStateError';
}
