import type { SubscriptionTier } from './auth.js';

/**
 * Per-account upload limits, shown to people in the messages that enforce them. Zod-free, so the
 * web app can import them anywhere.
 */

const MB = 1024 * 1024;
const GB = 1024 * MB;

/** Bytes of PB media (stored renditions, videos and posters) an account may keep. */
export const STORAGE_QUOTA_BYTES: Readonly<Record<SubscriptionTier, number>> = {
  free: 500 * MB,
  unlimited: 10 * GB,
};

/** Uploads (a PB form with a file, or an avatar) one account may start per hour. */
export const UPLOADS_PER_HOUR = 60;

/** Uploads one account may have in flight at once. */
export const CONCURRENT_UPLOADS_PER_ACCOUNT = 2;

/** "500 MB", "10 GB": a quota as people read it. */
export function formatStorageBytes(bytes: number): string {
  return bytes >= GB && bytes % GB === 0
    ? `${bytes / GB} GB`
    : `${Math.round((bytes / MB) * 10) / 10} MB`;
}

/** How long a resumable upload lives from its creation: unfinished or unused by then, it is swept. */
export const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;

/**
 * Unfinished resumable uploads one account keeps: starting another drops the one written to
 * least recently (a tab closed mid-upload must not block the next one for a day).
 */
export const OPEN_UPLOADS_PER_ACCOUNT = 3;
