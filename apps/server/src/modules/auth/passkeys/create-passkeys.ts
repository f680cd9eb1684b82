import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../../db/schema.js';
import type { UserDirectory } from '../../users/index.js';
import type { AuthService } from '../service.js';
import { relyingPartyOf } from './relying-party.js';
import { PasskeysRepository } from './repository.js';
import { PasskeysService } from './service.js';

/** The passkeys service, its relying party read from the public origin. */
export function createPasskeys(
  db: Kysely<DatabaseSchema>,
  users: UserDirectory,
  auth: AuthService,
  publicOrigin: string,
): PasskeysService {
  return new PasskeysService(new PasskeysRepository(db), users, auth, relyingPartyOf(publicOrigin));
}
