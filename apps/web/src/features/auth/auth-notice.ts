/**
 * What a page hands to /login through the history state: a success notice ('Your email is
 * verified...') and the e-mail to prefill.
 */
export interface AuthNotice {
  message?: string;
  email?: string;
}

export function readAuthNotice(state: unknown): AuthNotice | null {
  if (typeof state !== 'object' || state === null) return null;
  const { message, email } = state as Record<string, unknown>;
  return {
    message: typeof message === 'string' ? message : undefined,
    email: typeof email === 'string' ? email : undefined,
  };
}
