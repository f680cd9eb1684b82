import {
  USERNAME_MAX_LENGTH,
  isReservedUsername,
  usernameKey,
  type PublicProfile,
} from '@pbshare/shared';
import type { PbsService } from '../pbs/index.js';
import type { UserDirectory } from '../users/index.js';
import type { ProfileLocation, ProfileVersionRead } from '../../fast-path/index.js';

/**
 * What a visitor sees at /{username}: the person's public fields and their visible current PBs in
 * their order. Reserved names (routes of the app) are never looked up as people.
 */
export class PublicProfileService {
  constructor(
    private readonly users: UserDirectory,
    private readonly pbs: PbsService,
    private readonly mediaUrl: (key: string) => string,
    private readonly versionOf: ProfileVersionRead,
  ) {}

  /** One indexed read for a name in use; a second only for a name nobody has now. */
  async locate(username: string): Promise<ProfileLocation | undefined> {
    if (!isPersonName(username)) return undefined;
    const key = usernameKey(username);
    const owner = await this.versionOf(key);
    if (owner) return owner;
    const movedTo = await this.users.currentNameOfHolder(key);
    return movedTo === undefined ? undefined : { movedTo };
  }

  /**
   * The profile a visitor sees, 'unavailable' while moderation has suspended the account (its
   * page says so, with a 404), or undefined for nobody.
   */
  async find(username: string): Promise<PublicProfile | 'unavailable' | undefined> {
    if (!isPersonName(username)) return undefined;
    const user = await this.users.findByDisplayName(username);
    if (!user) return undefined;
    if (user.suspension) return 'unavailable';
    return {
      user: {
        displayName: user.displayName,
        bio: user.bio,
        profileImage: user.profileImageKey ? this.mediaUrl(user.profileImageKey) : null,
      },
      pbs: await this.pbs.listPublic(user.id),
    };
  }
}

function isPersonName(username: string): boolean {
  return username.length <= USERNAME_MAX_LENGTH && !isReservedUsername(username);
}
