import type { UsersRepository } from './repository.js';

/**
 * What other modules may ask about accounts: lookups only. Writes to a user's row stay with the
 * module that owns the rule (profile edits here, credentials in auth).
 */
export type UserDirectory = Pick<
  UsersRepository,
  | 'findById'
  | 'findByEmail'
  | 'findByDisplayName'
  | 'displayNameTaken'
  | 'currentNameOfHolder'
  | 'emailTaken'
>;
