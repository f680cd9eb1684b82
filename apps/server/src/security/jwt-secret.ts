import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The configured JWT_SECRET, or on the embedded default a random secret generated once and kept
 * in DATA_DIR, so sessions survive restarts without any setup. Several processes must share one
 * JWT_SECRET; that is why production refuses to start without it.
 */
export function resolveJwtSecret(options: {
  jwtSecret: string | undefined;
  dataDir: string;
  env: string;
}): string {
  if (options.jwtSecret) return options.jwtSecret;
  if (options.env === 'production') {
    throw new Error('JWT_SECRET must be set in production (at least 32 random characters)');
  }
  const file = join(options.dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(options.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
