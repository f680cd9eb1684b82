import type { PublicProfile } from '@pbshare/shared';

/**
 * A shallow check of a profile that came from our own server, inline in the page or from the API.
 * The server builds it with the shared types, so a full schema parse would only repeat that, and
 * it would cost the public page zod's ~22 KB gzip. This keeps out what a visitor can actually
 * meet: a proxy's answer, a truncated document, data of another shape.
 */
export function isPublicProfile(value: unknown): value is PublicProfile {
  if (!isRecord(value) || !isRecord(value.user) || !Array.isArray(value.pbs)) return false;
  return typeof value.user.displayName === 'string' && value.pbs.every(isRecord);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
