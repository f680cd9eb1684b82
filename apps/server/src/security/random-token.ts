import { createHash, randomBytes } from 'node:crypto';

/** A URL-safe secret with 256 bits of entropy, for links and cookies. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token: a leaked table must not let anyone use the tokens in it. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
