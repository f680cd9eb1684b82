import { passkeyRequestSchema, sessionSchema, type Session } from '@pbshare/shared';
import { startAuthentication } from '@simplewebauthn/browser';
import { useMutation } from '@tanstack/react-query';

import { apiClient } from '@/lib/session-api-client';
import { useAuth } from '../use-auth';

export const PASSKEY_UNAVAILABLE_MESSAGE =
  'Signing in with a passkey did not work on this device. Please use your password.';

/** The person closed the browser's passkey prompt, or another ceremony replaced it. */
export function isCancelledPrompt(error: unknown): boolean {
  return (
    error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')
  );
}

/**
 * POST /auth/passkeys/sign-in-options, the browser's prompt (or, with `autofill`, the passkeys it
 * offers under the e-mail field), then POST /auth/passkeys/sign-in: the same session a password
 * sign-in answers. Null when the prompt was cancelled: that is a choice, not an error.
 */
export async function signInWithPasskey(autofill: boolean): Promise<Session | null> {
  let request;
  try {
    request = await apiClient.post('/auth/passkeys/sign-in-options', undefined, {
      parse: (data) => passkeyRequestSchema.parse(data),
    });
  } catch (error) {
    // The autofill is an offer made in the background: when it cannot be made, nothing is said.
    if (autofill) return null;
    throw error;
  }
  const { challengeId, options } = request;
  let response;
  try {
    response = await startAuthentication({ optionsJSON: options, useBrowserAutofill: autofill });
  } catch (error) {
    if (autofill || isCancelledPrompt(error)) return null;
    // The browser's own words name WebAuthn internals; the person needs the way forward.
    throw new Error(PASSKEY_UNAVAILABLE_MESSAGE, { cause: error });
  }
  return apiClient.post(
    '/auth/passkeys/sign-in',
    { challengeId, response },
    { parse: (data) => sessionSchema.parse(data) },
  );
}

/** Signs in with a passkey and stores the session as the password sign-in does. */
export function usePasskeySignIn() {
  const { startSession } = useAuth();
  return useMutation({
    mutationFn: signInWithPasskey,
    onSuccess: (session) => {
      if (session) startSession(session);
    },
  });
}
