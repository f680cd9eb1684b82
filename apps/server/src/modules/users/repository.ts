import { usernameKey, type ModerationState, type SubscriptionTier } from '@pbshare/shared';
import {
  sql,
  type ExpressionBuilder,
  type Kysely,
  type Selectable,
  type Transaction,
} from 'kysely';
import { changeProfile, type ProfileStore } from '../../db/profile-version.js';
import type { DatabaseSchema } from '../../db/schema.js';
import { hasProTime } from '../billing/index.js';
import { NO_PASSWORD_HASH } from './no-password.js';

/** A user as services see it. The password hash stays inside the auth rules and never leaves. */
export interface UserRecord {
  id: string;
  email: string;
  /** Null for an account made with a passkey that has not set a password yet. */
  passwordHash: string | null;
  displayName: string;
  bio: string;
  profileImageKey: string | null;
  emailVerified: boolean;
  subscriptionTier: SubscriptionTier;
  /** Set while moderation has suspended the account. */
  suspension: ModerationState | null;
}

/** Work another module does in the transaction of a write here (moderation's audit entry). */
export type AlsoInTransaction = (trx: Transaction<DatabaseSchema>) => Promise<void>;

const COLUMNS = [
  'id',
  'email',
  'password_hash',
  'display_name',
  'bio',
  'profile_image_key',
  'email_verified_at',
  'suspended_at',
  'suspension_reason',
] as const;

type Row = Selectable<DatabaseSchema['users']>;

/**
 * The columns plus the tier as it stands now: `unlimited` while Pro time runs (a paid Lifetime or
 * an unexpired 1-Year Pass) or when support granted it by hand in the stored column.
 */
function userColumns(eb: ExpressionBuilder<DatabaseSchema, 'users'>) {
  return [
    ...COLUMNS,
    eb
      .case()
      .when(
        eb.or([
          eb('users.subscription_tier', '=', 'unlimited'),
          hasProTime(eb, new Date().toISOString()),
        ]),
      )
      .then(sql.lit<SubscriptionTier>('unlimited'))
      .else(sql.lit<SubscriptionTier>('free'))
      .end()
      .as('subscription_tier'),
  ] as const;
}

function toRecord(
  row: Pick<Row, (typeof COLUMNS)[number]> & { subscription_tier: SubscriptionTier },
): UserRecord {
  return {
    id: row.id,
    email: row.email,
    passwordHash: row.password_hash === NO_PASSWORD_HASH ? null : row.password_hash,
    displayName: row.display_name,
    bio: row.bio,
    profileImageKey: row.profile_image_key,
    emailVerified: row.email_verified_at !== null,
    subscriptionTier: row.subscription_tier,
    suspension:
      row.suspended_at === null
        ? null
        : { at: row.suspended_at, reason: row.suspension_reason ?? '' },
  };
}

export class UsersRepository {
  private readonly db: Kysely<DatabaseSchema>;

  constructor(private readonly store: ProfileStore) {
    this.db = store.db;
  }

  async findById(id: string): Promise<UserRecord | undefined> {
    return this.findWhere('id', id);
  }

  /** `email` must already be normalized (trimmed, lower-cased). */
  async findByEmail(email: string): Promise<UserRecord | undefined> {
    return this.findWhere('email', email);
  }

  /** Case-insensitive, as /{username} resolves. */
  async findByDisplayName(displayName: string): Promise<UserRecord | undefined> {
    return this.findWhere('display_name_key', usernameKey(displayName));
  }

  private async findWhere(
    column: 'id' | 'email' | 'display_name_key',
    value: string,
  ): Promise<UserRecord | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select(userColumns)
      .where(column, '=', value)
      .executeTakeFirst();
    return row && toRecord(row);
  }

  /**
   * Whether the name is someone else's: another account's username, a name another account
   * renamed away from less than the hold ago (see `updateProfile`), or a name of a deleted account
   * (see `delete`). A hold of `exceptUserId`'s own does not count: owners may take their old names
   * back.
   */
  async displayNameTaken(displayName: string, exceptUserId?: string): Promise<boolean> {
    const key = usernameKey(displayName);
    let owner = this.db.selectFrom('users').select('id').where('display_name_key', '=', key);
    if (exceptUserId) owner = owner.where('id', '!=', exceptUserId);
    if ((await owner.executeTakeFirst()) !== undefined) return true;
    let hold = this.db
      .selectFrom('username_holds')
      .select('user_id')
      .where('name_key', '=', key)
      .where('held_until', '>', new Date().toISOString());
    if (exceptUserId) hold = hold.where('user_id', '!=', exceptUserId);
    if ((await hold.executeTakeFirst()) !== undefined) return true;
    const retired = await this.db
      .selectFrom('retired_usernames')
      .select('name_key')
      .where('name_key', '=', key)
      .where('retired_until', '>', new Date().toISOString())
      .executeTakeFirst();
    return retired !== undefined;
  }

  /** The current username of whoever holds `nameKey` as an old name, while the hold lasts. */
  async currentNameOfHolder(nameKey: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('username_holds')
      .innerJoin('users', 'users.id', 'username_holds.user_id')
      .select('users.display_name')
      .where('username_holds.name_key', '=', nameKey)
      .where('username_holds.held_until', '>', new Date().toISOString())
      .executeTakeFirst();
    return row?.display_name;
  }

  async emailTaken(email: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Applies profile changes and answers the avatar key the row held just before, when this
   * change replaces it. The first write takes the row's lock (PostgreSQL; SQLite runs one
   * transaction at a time), so of two racing avatar saves each replaces, and reports, exactly the
   * key the other left: no file is ever dropped without being handed back for deletion. It also
   * bumps the profile version, which is what tells every process its public answers are stale.
   *
   * A new username (not just new letter case) holds the old one for the owner until
   * `holdOldNameUntil`, and takes back the owner's own hold on the new one, if any. An account
   * holds at most MAX_HELD_NAMES old names: a rename past that releases the oldest hold, so
   * renaming is never refused but one account cannot keep a pile of names. Expired holds are swept
   * on the way.
   */
  async updateProfile(
    id: string,
    changes: { displayName?: string; bio?: string; profileImageKey?: string | null },
    holdOldNameUntil: string,
  ): Promise<{ replacedImageKey: string | null }> {
    const now = new Date().toISOString();
    return changeProfile(
      this.store,
      id,
      async (trx) => {
        const before = await trx
          .selectFrom('users')
          .select(['profile_image_key', 'display_name_key'])
          .where('id', '=', id)
          .executeTakeFirst();
        const newKey = changes.displayName !== undefined && usernameKey(changes.displayName);
        await trx
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
            updated_at: now,
          })
          .where('id', '=', id)
          .execute();
        if (before && newKey && newKey !== before.display_name_key) {
          await trx
            .deleteFrom('username_holds')
            .where((eb) =>
              eb.or([
                eb('held_until', '<=', now),
                eb.and([eb('name_key', '=', newKey), eb('user_id', '=', id)]),
              ]),
            )
            .execute();
          await trx
            .insertInto('username_holds')
            .values({
              name_key: before.display_name_key,
              user_id: id,
              held_until: holdOldNameUntil,
            })
            .onConflict((oc) =>
              oc.column('name_key').doUpdateSet({ user_id: id, held_until: holdOldNameUntil }),
            )
            .execute();
          await releaseOldestHolds(trx, id);
        }
        const replaced = changes.profileImageKey !== undefined ? before?.profile_image_key : null;
        return { replacedImageKey: replaced ?? null };
      },
      { updated_at: now },
    );
  }

  /**
   * Suspends the account (`suspension` set) or lifts its suspension (null). Bumps the profile
   * version like any write a visitor sees: the public page of a suspended account answers 404,
   * in every process from the commit on. `alsoDo` runs in the same transaction. Only an account
   * not yet suspended is suspended, and only a suspended one restored: false (and `alsoDo` not
   * run) when another change got there first, which the held user row makes certain.
   */
  async setSuspension(
    id: string,
    suspension: ModerationState | null,
    alsoDo: AlsoInTransaction,
  ): Promise<boolean> {
    return changeProfile(this.store, id, async (trx) => {
      const { numUpdatedRows } = await trx
        .updateTable('users')
        .set({
          suspended_at: suspension?.at ?? null,
          suspension_reason: suspension?.reason ?? null,
        })
        .where('id', '=', id)
        .where('suspended_at', suspension ? 'is' : 'is not', null)
        .executeTakeFirst();
      if (numUpdatedRows === 0n) return false;
      await alsoDo(trx);
      return true;
    });
  }

  /**
   * Removes the user; sessions, tokens, PBs and holds go with it by cascade. In the same
   * transaction its username and the old names it held are retired until `retireNamesUntil`:
   * nobody may take them meanwhile, so links shared under them find no profile rather than a
   * stranger's. Through changeProfile, whose version bump is moot for a row about to go but
   * gives the one transaction and the wait for the change feed. `alsoDo` runs first in the same
   * transaction, while the row is still there.
   */
  async delete(id: string, retireNamesUntil: string, alsoDo?: AlsoInTransaction): Promise<void> {
    await changeProfile(this.store, id, async (trx) => {
      await alsoDo?.(trx);
      const [user, holds] = await Promise.all([
        trx.selectFrom('users').select('display_name_key').where('id', '=', id).executeTakeFirst(),
        trx
          .selectFrom('username_holds')
          .select('name_key')
          .where('user_id', '=', id)
          .where('held_until', '>', new Date().toISOString())
          .execute(),
      ]);
      const names = [...(user ? [user.display_name_key] : []), ...holds.map((h) => h.name_key)];
      await trx
        .deleteFrom('retired_usernames')
        .where('retired_until', '<=', new Date().toISOString())
        .execute();
      if (names.length > 0) {
        await trx
          .insertInto('retired_usernames')
          .values(names.map((name_key) => ({ name_key, retired_until: retireNamesUntil })))
          .onConflict((oc) =>
            oc.column('name_key').doUpdateSet({ retired_until: retireNamesUntil }),
          )
          .execute();
      }
      await trx.deleteFrom('users').where('id', '=', id).execute();
    });
  }
}

/** How many old usernames one account may hold at a time (docs/PRODUCT.md, usernames). */
export const MAX_HELD_NAMES = 3;

/** Drops the account's holds past the MAX_HELD_NAMES newest (the newest ends last). */
async function releaseOldestHolds(trx: Kysely<DatabaseSchema>, userId: string): Promise<void> {
  const holds = await trx
    .selectFrom('username_holds')
    .select('name_key')
    .where('user_id', '=', userId)
    .orderBy('held_until', 'desc')
    .orderBy('name_key')
    .execute();
  const released = holds.slice(MAX_HELD_NAMES).map((h) => h.name_key);
  if (released.length === 0) return;
  await trx
    .deleteFrom('username_holds')
    .where('user_id', '=', userId)
    .where('name_key', 'in', released)
    .execute();
}
