import { isApiError } from '@/lib/api-client';

/**
 * Whether a save's refusal is about the upload it named (not found, expired, already used, not
 * finished): the video has to go again. A 409 about the title carries its field; one about a
 * save still running has its own code. The form and the outbox both send videos this way.
 */
export function refusesUpload(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.status === 404 || error.status === 410) return true;
  return (
    error.status === 409 && error.issues.length === 0 && error.code !== 'IDEMPOTENCY_IN_PROGRESS'
  );
}
