import type { ErrorCode } from '@pbshare/shared';

/** Answers that ask to come back later: a timeout, too many requests. */
const TRY_LATER_STATUSES = [408, 429];

/**
 * Whether an answer to saving a kept PB leaves it waiting for the next try (same key) rather than
 * refused: no answer at all (status 0), a server failure, a timeout, too many requests, or the
 * first attempt with this key still running (its answer comes to the next try). The page's sender
 * and the service worker's both judge by it.
 */
export function isTryLater(status: number, code: ErrorCode | undefined): boolean {
  return (
    status === 0 ||
    status >= 500 ||
    TRY_LATER_STATUSES.includes(status) ||
    code === 'IDEMPOTENCY_IN_PROGRESS'
  );
}

/**
 * Whether a save's refusal is about the upload it named (not found, expired, already used, not
 * finished): the video has to go again. A 409 about the title carries its field; one about a save
 * still running has its own code.
 */
export function isUploadGone(status: number, code: ErrorCode | undefined, issues: number): boolean {
  if (status === 404 || status === 410) return true;
  return status === 409 && issues === 0 && code !== 'IDEMPOTENCY_IN_PROGRESS';
}
