import {
  DEFAULT_SUCCESS_MESSAGE,
  type ApiEnvelope,
  type ErrorCode,
  type FieldIssue,
} from '@pbshare/shared';

export function ok<T>(data: T, message = DEFAULT_SUCCESS_MESSAGE, status = 200): ApiEnvelope<T> {
  return { success: true, message, data, status };
}

export function failure(
  status: number,
  code: ErrorCode,
  message: string,
  issues?: FieldIssue[],
): ApiEnvelope<null> {
  return { success: false, message, data: null, status, code, ...(issues ? { issues } : {}) };
}
