import { createHmac } from 'node:crypto';

/**
 * Derives the refresh token that replaces a given one: HMAC-SHA256 of the old token under a key
 * derived from the server secret. Deterministic on purpose: when two tabs refresh with the same
 * cookie at once, the second request must answer the very token the first one issued, and the
 * database keeps only SHA-256 hashes. Recomputing it needs nothing stored, unlike keeping the
 * successor encrypted next to its hash (a second secret-bearing column to manage). Without the
 * server secret the successor cannot be predicted from the old token, so a copied, already used
 * token gives nothing; the chain still starts from 256 random bits at sign-in.
 */
export class RefreshSuccessor {
  private readonly key: Buffer;

  constructor(serverSecret: string) {
    // A key of its own, so this use of the secret can never collide with the JWT signatures.
    this.key = createHmac('sha256', serverSecret).update('pbshare/refresh-successor/v1').digest();
  }

  of(refreshToken: string): string {
    return createHmac('sha256', this.key).update(refreshToken).digest('base64url');
  }
}
