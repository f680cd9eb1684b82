import { AUTH_MESSAGES } from '@pbshare/shared';
import { AppError } from '../../errors/app-error.js';

/**
 * What `users.password_hash` holds for an account made with a passkey that has not set a password
 * yet (UserRecord.passwordHash is null then). The column stays NOT NULL: SQLite cannot drop that
 * without rebuilding the users table every other table points at, and no argon2 hash is empty.
 */
export const NO_PASSWORD_HASH = '';

/**
 * The refusal of a step confirmed with the password, for an account that has none yet: the one
 * rule is "set a password first" (through the mailed reset link, which proves the mailbox).
 */
export function setPasswordFirst(field: string): AppError {
  return new AppError('CONFLICT', AUTH_MESSAGES.setPasswordFirst, [
    { field, message: AUTH_MESSAGES.setPasswordFirst },
  ]);
}
