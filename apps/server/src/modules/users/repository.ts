import { usernameKey } from '@pbshare/shared';
import type { Kysely, Selectable } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';

/** A user as services see it. The password hash stays inside the auth rules and never leaves. */
export interface UserRecord {
  id: string;
  email: string;
  passwordHash: string;
  displayName: string;
  bio: string;
  profileImageKey: string | null;
  emailVerified: boolean;
  subscriptionTier: 'free' | 'unlimited';
}

const COLUMNS = [
  'id',
  'email',
  'password_hash',
  'display_name',
  'bio',
  'profile_image_key',
  'email_verified_at',
  'subscription_tier',
] as const;

type Row = Selectable<DatabaseSchema['users']>;

function toRecord(row: Pick<Row, (typeof COLUMNS)[number]>): UserRecord {
  return {
    id: row.id,
    email: row.email,
    passwordHash: row.password_hash,
    displayName: row.display_name,
    bio: row.bio,
    profileImageKey: row.profile_image_key,
    emailVerified: row.email_verified_at !== null,
    subscriptionTier: row.subscription_tier,
  };
}

export class UsersRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async findById(id: string): Promise<UserRecord | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select(COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toRecord(row);
  }

  /** `email` must already be normalized (trimmed, lower-cased). */
  async findByEmail(email: string): Promise<UserRecord | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select(COLUMNS)
      .where('email', '=', email)
      .executeTakeFirst();
    return row && toRecord(row);
  }

  /** Case-insensitive, as /{username} resolves. */
  async findByDisplayName(displayName: string): Promise<UserRecord | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select(COLUMNS)
      .where('display_name_key', '=', usernameKey(displayName))
      .executeTakeFirst();
    return row && toRecord(row);
  }

  async displayNameTaken(displayName: string, exceptUserId?: string): Promise<boolean> {
    let query = this.db
      .selectFrom('users')
      .select('id')
      .where('display_name_key', '=', usernameKey(displayName));
    if (exceptUserId) query = query.where('id', '!=', exceptUserId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  async emailTaken(email: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    return row !== undefined;
  }

  async insert(user: {
    id: string;
    email: string;
    passwordHash: string;
    displayName: string;
  }): Promise<void> {
    const now = new Date().toISOString();
    await this.db
      .insertInto('users')
      .values({
        id: user.id,
        email: user.email,
        password_hash: user.passwordHash,
        display_name: user.displayName,
        display_name_key: usernameKey(user.displayName),
        created_at: now,
        updated_at: now,
      })
      .execute();
  }

  async updateProfile(
    id: string,
    changes: { displayName?: string; bio?: string; profileImageKey?: string | null },
  ): Promise<void> {
    await this.db
      .updateTable('users')
      .set({
        ...(changes.displayName !== undefined && {
          display_name: changes.displayName,
          display_name_key: usernameKey(changes.displayName),
        }),
        ...(changes.bio !== undefined && { bio: changes.bio }),
        ...(changes.profileImageKey !== undefined && {
          profile_image_key: changes.profileImageKey,
        }),
        updated_at: new Date().toISOString(),
      })
      .where('id', '=', id)
      .execute();
  }

  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
  }

  async markEmailVerified(id: string): Promise<void> {
    const now = new Date().toISOString();
    await this.db
      .updateTable('users')
      .set({ email_verified_at: now, updated_at: now })
      .where('id', '=', id)
      .where('email_verified_at', 'is', null)
      .execute();
  }

  /** Removes the user; sessions, tokens (and later PBs) go with it by cascade. */
  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('users').where('id', '=', id).execute();
  }
}
