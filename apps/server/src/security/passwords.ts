import { hash, verify } from '@node-rs/argon2';

// OWASP's minimum argon2id profile: 19 MiB memory, 2 passes, 1 lane.
// `algorithm: 2` is Argon2id; the package exports it only as an ambient const enum.
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash to verify against when the account does not exist, so a wrong e-mail costs as much time
 * as a wrong password and response timing does not reveal who has an account.
 */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword('decoy-password-for-timing');
  return decoyHash;
}
