import type { Generated } from 'kysely';

/**
 * Table types for Kysely. Timestamps are ISO-8601 UTC strings on both dialects so that values,
 * ordering and comparisons behave the same on SQLite and PostgreSQL; ids are made by the app.
 */
export interface UsersTable {
  id: string;
  /** Trimmed and lower-cased before it is stored, so the unique index is case-insensitive. */
  email: string;
  password_hash: string;
  display_name: string;
  /** Lower-cased display name; unique, and what `/{username}` is looked up by. */
  display_name_key: string;
  bio: Generated<string>;
  profile_image_key: string | null;
  email_verified_at: string | null;
  subscription_tier: Generated<'free' | 'unlimited'>;
  created_at: string;
  updated_at: string;
}

/** One signed-in device. Revoking it ends every refresh token it issued. */
export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  revoked_at: string | null;
}

/** Each refresh hands out a new token and marks the old one used; a used token seen again is theft. */
export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export type EmailTokenPurpose = 'verify' | 'reset';

export interface EmailTokensTable {
  token_hash: string;
  user_id: string;
  purpose: EmailTokenPurpose;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface DatabaseSchema {
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  email_tokens: EmailTokensTable;
}
