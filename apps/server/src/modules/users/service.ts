import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  MODERATION_MESSAGES,
  USERNAME_HOLD_DAYS,
  usernameKey,
  type ModerationState,
  type User,
} from '@pbshare/shared';
import { ONE_DAY_MS } from '../../durations.js';
import { AppError, SESSION_EXPIRED_MESSAGE } from '../../errors/app-error.js';
import { processAvatar } from '../../media/avatar-image.js';
import { verifyPassword } from '../../security/passwords.js';
import type { Storage } from '../../storage/storage.js';
import { setPasswordFirst } from './no-password.js';
import type { AlsoInTransaction, UserRecord, UsersRepository } from './repository.js';
import { toUserDto } from './user-dto.js';

/** The shared hold (`USERNAME_HOLD_DAYS`, which Settings states when a name changes) in ms. */
export const USERNAME_HOLD_MS = USERNAME_HOLD_DAYS * ONE_DAY_MS;

/** The files an account's PBs keep, removed with the account; the pbs module provides it. */
export interface AccountFiles {
  storedFilesOf(userId: string): Promise<string[]>;
}

/** Profile rules: reading and editing one's own profile, the avatar, and deleting the account. */
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly pbs: AccountFiles,
    private readonly storage: Storage,
    private readonly log: FastifyBaseLogger,
  ) {}

  async getProfile(userId: string): Promise<User> {
    return toUserDto(await this.requireUser(userId), this.storage);
  }

  async updateProfile(
    userId: string,
    changes: { displayName?: string | undefined; bio?: string | undefined },
    /** A received upload (a temp file), checked and turned into the stored avatar here. */
    avatarPath?: string,
  ): Promise<User> {
    const user = await this.requireUser(userId);
    if (
      changes.displayName !== undefined &&
      usernameKey(changes.displayName) !== usernameKey(user.displayName) &&
      (await this.users.displayNameTaken(changes.displayName, userId))
    ) {
      throw new AppError('USERNAME_TAKEN', 'That username is taken');
    }

    let newImageKey: string | undefined;
    if (avatarPath) {
      const webp = await processAvatar(avatarPath);
      newImageKey = `avatars/${randomUUID()}.webp`;
      await this.storage.put(newImageKey, webp, 'image/webp');
    }

    let replacedImageKey: string | null = null;
    try {
      ({ replacedImageKey } = await this.users.updateProfile(
        userId,
        {
          ...(changes.displayName !== undefined && { displayName: changes.displayName }),
          ...(changes.bio !== undefined && { bio: changes.bio }),
          ...(newImageKey && { profileImageKey: newImageKey }),
        },
        new Date(Date.now() + USERNAME_HOLD_MS).toISOString(),
      ));
    } catch (err) {
      if (newImageKey) await this.removeFile(newImageKey);
      if (changes.displayName && (await this.users.displayNameTaken(changes.displayName, userId))) {
        throw new AppError('USERNAME_TAKEN', 'That username is taken');
      }
      throw err;
    }
    // Only after the row points at the new file is the old one safe to remove; it is the key this
    // write replaced, which a concurrent save may have changed since `user` was read.
    if (replacedImageKey) await this.removeFile(replacedImageKey);
    return toUserDto(await this.requireUser(userId), this.storage);
  }

  async deleteAccount(userId: string, password: string): Promise<void> {
    const user = await this.requireUser(userId);
    if (user.passwordHash === null) throw setPasswordFirst('password');
    if (!(await verifyPassword(user.passwordHash, password))) {
      throw new AppError('INVALID_CREDENTIALS', 'That password is not correct.', [
        { field: 'password', message: 'That password is not correct.' },
      ]);
    }
    await this.removeAccount(user);
  }

  /**
   * Removes an account as its owner's deletion does, without the password: what moderation's
   * 'delete' does. `alsoDo` runs in the deleting transaction. False when there is no such account.
   */
  async removeAccountOf(userId: string, alsoDo: AlsoInTransaction): Promise<boolean> {
    const user = await this.users.findById(userId);
    if (!user) return false;
    await this.removeAccount(user, alsoDo);
    return true;
  }

  /**
   * Suspends the account (its public page answers 404) or, with null, lifts the suspension; a
   * conflict when the account is already in that state, checked in the change's own transaction
   * so two admins acting at once cannot both succeed.
   */
  async setSuspension(
    userId: string,
    suspension: ModerationState | null,
    alsoDo: AlsoInTransaction,
  ): Promise<void> {
    if (!(await this.users.setSuspension(userId, suspension, alsoDo))) {
      const { alreadySuspended, notSuspended } = MODERATION_MESSAGES;
      throw new AppError('CONFLICT', suspension ? alreadySuspended : notSuspended);
    }
  }

  private async removeAccount(user: UserRecord, alsoDo?: AlsoInTransaction): Promise<void> {
    const pbFiles = await this.pbs.storedFilesOf(user.id);
    await this.users.delete(user.id, new Date(Date.now() + USERNAME_HOLD_MS).toISOString(), alsoDo);
    for (const key of [...filesOf(user), ...pbFiles]) await this.removeFile(key);
  }

  private async removeFile(key: string): Promise<void> {
    try {
      await this.storage.delete(key);
    } catch (err) {
      // An orphan file is harmless; failing the user's request over it is not.
      this.log.warn({ err, key }, 'could not delete a stored file');
    }
  }

  private async requireUser(id: string): Promise<UserRecord> {
    const user = await this.users.findById(id);
    if (!user) throw new AppError('UNAUTHORIZED', SESSION_EXPIRED_MESSAGE);
    return user;
  }
}

function filesOf(user: UserRecord): string[] {
  return user.profileImageKey ? [user.profileImageKey] : [];
}
