import {
  DEFAULT_SUCCESS_MESSAGE,
  type ApiEnvelope,
  type ErrorCode,
  type FieldIssue,
} from '@pbshare/shared';
import type { FastifyReply } from 'fastify';

/** A successful answer as the routes' response schemas (`successEnvelope`) describe it. */
export interface SuccessEnvelope<T> {
  success: true;
  message: string;
  data: T;
  status: number;
}

export function ok<T>(
  data: T,
  message = DEFAULT_SUCCESS_MESSAGE,
  status = 200,
): SuccessEnvelope<T> {
  return { success: true, message, data, status };
}

/**
 * A 201 answer. The HTTP status and the envelope's `status` come from this one place, so a route
 * that creates something says so once and the two cannot disagree.
 */
export function created<T>(reply: FastifyReply, data: T, message: string): SuccessEnvelope<T> {
  const answer = ok(data, message, 201);
  void reply.code(answer.status);
  return answer;
}

export function failure(
  status: number,
  code: ErrorCode,
  message: string,
  issues?: FieldIssue[],
): ApiEnvelope<null> {
  return { success: false, message, data: null, status, code, ...(issues ? { issues } : {}) };
}
