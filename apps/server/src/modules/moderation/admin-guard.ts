import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors/app-error.js';
import { authOf, type RequireAuth } from '../../http/auth-guard.js';

/**
 * A hook for the admin routes (`preValidation`, so nothing about their input is told either): to
 * anyone but a signed-in admin (no token, a bad or expired one, a member) they answer exactly as
 * a path the API does not have, so they do not show they exist.
 */
export function makeRequireAdmin(
  requireAuth: RequireAuth,
  isAdmin: (userId: string) => Promise<boolean>,
): RequireAuth {
  return async function requireAdmin(request, reply) {
    try {
      await requireAuth(request, reply);
    } catch (err) {
      if (err instanceof AppError && err.code === 'UNAUTHORIZED') throw noSuchEndpoint(request);
      throw err;
    }
    if (!(await isAdmin(authOf(request).userId))) throw noSuchEndpoint(request);
  };
}

/** The words of the API's own 404 (http/error-handler.ts, sendApiNotFound). */
function noSuchEndpoint(request: FastifyRequest): AppError {
  const path = request.url.split('?')[0] ?? request.url;
  return new AppError('NOT_FOUND', `No such endpoint: ${request.method} ${path}`);
}

/**
 * The caller when the request carries a valid session, else undefined: for a route anyone may
 * call that treats members apart (a report needs no e-mail from them).
 */
export async function optionalCaller(
  request: FastifyRequest,
  reply: FastifyReply,
  requireAuth: RequireAuth,
): Promise<string | undefined> {
  if (!request.headers.authorization) return undefined;
  try {
    await requireAuth(request, reply);
  } catch (err) {
    if (err instanceof AppError && err.code === 'UNAUTHORIZED') return undefined;
    throw err;
  }
  return authOf(request).userId;
}
