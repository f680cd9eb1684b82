import { USERNAME_MAX_LENGTH, isReservedUsername, type PublicProfile } from '@pbshare/shared';
import type { PbsService } from '../pbs/service.js';
import type { UsersRepository } from '../users/repository.js';

/**
 * What a visitor sees at /{username}: the person's public fields and their visible current PBs in
 * their order. Reserved names (routes of the app) are never looked up as people.
 */
export class PublicProfileService {
  constructor(
    private readonly users: UsersRepository,
    private readonly pbs: PbsService,
    private readonly mediaUrl: (key: string) => string,
  ) {}

  async find(username: string): Promise<PublicProfile | undefined> {
    if (username.length > USERNAME_MAX_LENGTH || isReservedUsername(username)) return undefined;
    const user = await this.users.findByDisplayName(username);
    if (!user) return undefined;
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
