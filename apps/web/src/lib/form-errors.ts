import type { ErrorCode } from '@pbshare/shared';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

import { isApiError } from './api-client';

/** The message to show for a failed call: the server's, else the thrown error's, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/**
 * Puts a rejected call's per-field problems on the form's fields: every `issues` entry that names
 * one of `fields`, and the field a `code` points at (EMAIL_TAKEN → email). Returns whether any
 * field got a message.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  codeFields: Partial<Record<ErrorCode, Path<T>>> = {},
): boolean {
  if (!isApiError(error)) return false;
  let applied = false;
  const known = new Set<string>(fields);
  for (const issue of error.issues) {
    if (known.has(issue.field)) {
      setError(issue.field as Path<T>, { type: 'server', message: issue.message });
      applied = true;
    }
  }
  const byCode = error.code ? codeFields[error.code] : undefined;
  if (byCode && !error.issues.some((issue) => issue.field === byCode)) {
    setError(byCode, { type: 'server', message: error.message });
    applied = true;
  }
  return applied;
}
