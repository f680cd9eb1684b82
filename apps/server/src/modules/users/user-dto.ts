import type { User } from '@pbshare/shared';
import type { Storage } from '../../storage/storage.js';
import type { UserRecord } from './repository.js';

/** The only shape of a user that leaves the server for its owner. */
export function toUserDto(user: UserRecord, storage: Storage): User {
  return {
    id: user.id,
    email: user.email,
    displayName: user.displayName,
    profileImage: user.profileImageKey ? storage.url(user.profileImageKey) : null,
    bio: user.bio,
    emailVerified: user.emailVerified,
    subscription_tier: user.subscriptionTier,
    hasPassword: user.passwordHash !== null,
    suspension: user.suspension,
  };
}
