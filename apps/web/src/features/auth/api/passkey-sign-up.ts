import { passkeyCreationSchema, type PasskeySignUpDetails } from '@pbshare/shared';
import { startRegistration } from '@simplewebauthn/browser';
import { useMutation } from '@tanstack/react-query';

import { apiClient } from '@/lib/session-api-client';
import { isCancelledPrompt } from './passkey-sign-in';

export const PASSKEY_SIGN_UP_UNAVAILABLE_MESSAGE =
  'Creating a passkey did not work on this device. Please sign up with a password.';

/**
 * POST /auth/passkeys/sign-up-options, the browser's prompt to make a passkey, then POST
 * /auth/passkeys/sign-up with the same e-mail and username: an account without a password,
 * answered as password sign-up is (the same for an address that has an account). False when the
 * prompt was cancelled: that is a choice, not an error.
 */
export async function signUpWithPasskey(details: PasskeySignUpDetails): Promise<boolean> {
  const { challengeId, options } = await apiClient.post('/auth/passkeys/sign-up-options', details, {
    parse: (data) => passkeyCreationSchema.parse(data),
  });
  let response;
  try {
    response = await startRegistration({ optionsJSON: options });
  } catch (error) {
    if (isCancelledPrompt(error)) return false;
    // The browser's own words name WebAuthn internals; the person needs the way forward.
    throw new Error(PASSKEY_SIGN_UP_UNAVAILABLE_MESSAGE, { cause: error });
  }
  await apiClient.post('/auth/passkeys/sign-up', { ...details, challengeId, response });
  return true;
}

export function usePasskeySignUp() {
  return useMutation({ mutationFn: signUpWithPasskey });
}
