import type { Category } from '@pbshare/shared';
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
  /**
   * Bumped by every write a visitor of the public page could see (profile, PBs, username), in
   * that write's transaction: what tells a server's cached public answers they are out of date.
   */
  profile_version: Generated<number>;
  /** Set while moderation has suspended the account: its public page answers 404. */
  suspended_at: string | null;
  suspension_reason: string | null;
}

/** A username its owner renamed away from, still theirs (a redirect) until `held_until`. */
export interface UsernameHoldsTable {
  /** usernameKey of the old name. */
  name_key: string;
  user_id: string;
  /** ISO-8601 UTC; an expired hold counts for nothing and may be deleted. */
  held_until: string;
}

/** A deleted account's usernames, which nobody may take until `retired_until` (ISO-8601 UTC). */
export interface RetiredUsernamesTable {
  /** usernameKey of the name. */
  name_key: string;
  retired_until: string;
}

/** One signed-in device. Revoking it ends every refresh token it issued. */
export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  revoked_at: string | null;
  /** 'iPhone', 'Mac', 'Windows PC'…, read from the User-Agent at sign-in; '' when unknown. */
  device: Generated<string>;
  /** 'Safari 18', 'Chrome 131'…; '' when unknown. */
  browser: Generated<string>;
  /** ISO 3166-1 alpha-2 code of the sign-in's address, never finer; null when unknown. */
  country: string | null;
  /** The latest sign-in or refresh; null for sessions started before it was kept. */
  last_seen_at: string | null;
}

/** An account's authenticator app (TOTP); a row with no `enabled_at` is a setup in progress. */
export interface TwoStepTable {
  user_id: string;
  /** The base32 secret sealed by security/secret-box.ts; null until setup is confirmed. */
  sealed_secret: string | null;
  /** The secret shown during setup, sealed, until its first code confirms it. */
  pending_secret: string | null;
  enabled_at: string | null;
  /** The TOTP time step of the last accepted code: a code is taken once. */
  last_step: number | null;
  updated_at: string;
}

/** One of an account's ten single-use recovery codes, hashed. */
export interface RecoveryCodesTable {
  user_id: string;
  code_hash: string;
  used_at: string | null;
}

/** A device (the hash of its cookie's random id) an account has signed in from. */
export interface KnownDevicesTable {
  user_id: string;
  device_hash: string;
  created_at: string;
  last_seen_at: string;
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

export interface ExercisesTable {
  id: string;
  user_id: string;
  title: string;
  /** titleKey(title): what groups records into one exercise, unique per user. */
  title_key: string;
  category: Category;
  /** 0 or 1: an integer on both dialects so values read back the same. */
  is_visible: Generated<number>;
  position: number;
  created_at: string;
  updated_at: string;
  /** Set while moderation hides the exercise: it stays hidden until a moderator restores it. */
  moderation_hidden_at: string | null;
  moderation_reason: string | null;
}

export interface PbRecordsTable {
  id: string;
  exercise_id: string;
  user_id: string;
  amount: number;
  unit: 'kg' | 'lbs' | 'reps' | 'duration';
  sets: number | null;
  reps: number | null;
  story: Generated<string>;
  /** A calendar day, 'YYYY-MM-DD'. */
  achieved_on: string;
  media_type: 'image' | 'video';
  /**
   * The full-screen WebP of an image, or the video's rendition (its poster while the video is
   * processing or failed; the file as uploaded for videos stored before processing existed).
   */
  media_key: string;
  /** The card-size WebP of an image. */
  card_key: string | null;
  /** A video's poster as a WebP, full-screen size (cards show it too). */
  poster_key: string | null;
  width: number | null;
  height: number | null;
  /** Bytes of this record's stored files, counted against the owner's storage quota. */
  media_bytes: Generated<number>;
  /** 'processing' until a video's rendition is made, 'failed' if it could not be. */
  media_status: Generated<'ready' | 'processing' | 'failed'>;
  /** A video as uploaded, kept privately (storage key under `originals/`). */
  original_key: string | null;
  /** How long a video plays, in seconds; null for images and videos not yet measured. */
  media_duration_seconds: number | null;
  created_at: string;
}

/** One Pro purchase. Only `paid` ones grant Pro, until `expires_at` (null: Lifetime). */
export interface PurchasesTable {
  id: string;
  user_id: string;
  plan: 'one-year' | 'lifetime';
  amount_cents: number;
  currency: string;
  provider: 'demo' | 'stripe';
  provider_ref: string | null;
  payment_ref: string | null;
  status: 'pending' | 'paid' | 'refunded';
  created_at: string;
  paid_at: string | null;
  expires_at: string | null;
  refunded_at: string | null;
}

/** A provider's webhook event, recorded in the transaction that acts on it, so it acts once. */
export interface PaymentEventsTable {
  id: string;
  type: string;
  received_at: string;
}

/** The first answer to a request made with an Idempotency-Key (http/idempotency.ts). */
export interface IdempotencyKeysTable {
  user_id: string;
  /** The client's Idempotency-Key header, 1-255 visible ASCII characters. */
  key: string;
  /** What the key was first used for: method and path, e.g. 'POST /v1/pbs'. */
  fingerprint: string;
  /** The answer's HTTP status; null while the first request is still running. */
  status: number | null;
  /** The answer's body as sent (JSON text); null while running. */
  response_body: string | null;
  created_at: string;
}

export type JobState = 'queued' | 'running' | 'sent' | 'done' | 'parked';

/** A background job (jobs/jobs.ts): the queue of the embedded runner, the outbox of BullMQ's. */
export interface JobsTable {
  id: string;
  kind: string;
  /** The payload as JSON text. */
  payload: string;
  /** 'sent': handed to BullMQ, which tracks it from then on until it is done or parked. */
  state: JobState;
  /** Attempts started, counted when a runner claims the job (so a killed attempt counts too). */
  attempts: Generated<number>;
  /** null: the kind's definition decides. */
  max_attempts: number | null;
  /** ISO-8601 UTC; a queued job is not claimed before it. */
  run_at: string;
  /** The runner holding a running job, and until when: past it, the job is claimable again. */
  locked_by: string | null;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

/** A resumable upload: its bytes are under `uploads/<id>/` in the media store. */
export interface UploadsTable {
  id: string;
  user_id: string;
  /** Upload-Length: the whole file's size in bytes. */
  length: number;
  /** Bytes stored so far (the tus offset). */
  received: Generated<number>;
  /** Names of the stored pieces in order, comma-separated (see upload-pieces.ts). */
  pieces: Generated<string>;
  /** The client's Upload-Metadata header, echoed on HEAD. */
  metadata: Generated<string>;
  created_at: string;
  updated_at: string;
  expires_at: string;
  /** When a PB took the finished upload; null while it is free. */
  used_at: string | null;
}

/** An import of a "Download my data" archive; its archive waits in the media store until it ends. */
export interface DataImportsTable {
  id: string;
  user_id: string;
  /** 'queued' | 'running' | 'done' | 'failed'; one queued or running per account (unique index). */
  status: 'queued' | 'running' | 'done' | 'failed';
  /** The archive's key in the media store (under `uploads/imports/`), deleted once it ends. */
  archive_key: string;
  /** The outcome's or the refusal's text, as the person reads it. */
  message: Generated<string>;
  /** The DataImportResult as JSON, once done. */
  result: string | null;
  created_at: string;
  updated_at: string;
}

/** Who may use /admin and /v1/admin; granted and revoked only by `npm run admin`. */
export interface AdminsTable {
  user_id: string;
  granted_at: string;
}

/** A visitor's or member's report of a profile or one of its PBs. */
export interface ReportsTable {
  id: string;
  target_user_id: string;
  exercise_id: string | null;
  record_id: string | null;
  reason: string;
  note: Generated<string>;
  reporter_user_id: string | null;
  reporter_email: string | null;
  status: Generated<'open' | 'resolved'>;
  created_at: string;
  resolved_at: string | null;
  resolved_by_action_id: string | null;
}

/** The audit log: one row per moderation action, never updated or deleted. */
export interface ModerationActionsTable {
  id: string;
  admin_user_id: string;
  admin_email: string;
  target_user_id: string;
  target_username: string;
  exercise_id: string | null;
  record_id: string | null;
  action: string;
  reason: string;
  created_at: string;
}

/** An owner's answer to a moderation action, for the queue. */
export interface AppealsTable {
  id: string;
  user_id: string;
  action_id: string;
  message: string;
  status: Generated<'open' | 'resolved'>;
  created_at: string;
  resolved_at: string | null;
}

/** A passkey (WebAuthn credential) its owner signs in with; ids and keys are base64url. */
export interface PasskeysTable {
  id: string;
  credential_id: string;
  user_id: string;
  /** The COSE public key. */
  public_key: string;
  /** The authenticator's signature counter (bigint: PostgreSQL may hand it back as a string). */
  counter: number | string;
  /** The transports the browser reported, comma-separated ('internal,hybrid'); '' when none. */
  transports: Generated<string>;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** A WebAuthn challenge awaiting its answer: single-use, a few minutes long. */
export interface WebauthnChallengesTable {
  id: string;
  /** base64url, as the options carried it. */
  challenge: string;
  purpose: 'register' | 'sign-in';
  /** The account adding a passkey; null for a sign-in, whose account the answer names. */
  user_id: string | null;
  expires_at: string;
}

export interface DatabaseSchema {
  exercises: ExercisesTable;
  pb_records: PbRecordsTable;
  users: UsersTable;
  admins: AdminsTable;
  reports: ReportsTable;
  moderation_actions: ModerationActionsTable;
  appeals: AppealsTable;
  username_holds: UsernameHoldsTable;
  retired_usernames: RetiredUsernamesTable;
  known_devices: KnownDevicesTable;
  two_step: TwoStepTable;
  recovery_codes: RecoveryCodesTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  email_tokens: EmailTokensTable;
  idempotency_keys: IdempotencyKeysTable;
  purchases: PurchasesTable;
  payment_events: PaymentEventsTable;
  jobs: JobsTable;
  uploads: UploadsTable;
  data_imports: DataImportsTable;
  passkeys: PasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
}
