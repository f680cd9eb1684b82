import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, SESSION_EXPIRED_MESSAGE } from '../errors/app-error.js';
import type { AccessClaims } from '../security/access-token.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireAuth`: who is calling, from a valid access token of a live session. */
    auth: AccessClaims | null;
  }
}

export type SessionCheck = (claims: AccessClaims) => Promise<boolean>;
export type TokenVerifier = (token: string) => Promise<AccessClaims | null>;

/** A hook that lets only signed-in callers through; use it as `preValidation`. */
export type RequireAuth = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * A hook for routes that need a signed-in user. The token must verify and its session must
 * still be live, so a signed-out, revoked or deleted account is refused at once rather than when
 * its access token expires.
 */
export function makeRequireAuth(verify: TokenVerifier, sessionIsLive: SessionCheck): RequireAuth {
  return async function requireAuth(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
    const claims = await verify(match[1]);
    if (!claims || !(await sessionIsLive(claims))) {
      throw new AppError('UNAUTHORIZED', SESSION_EXPIRED_MESSAGE);
    }
    request.auth = claims;
  };
}

/** The caller of a route behind `requireAuth`. */
export function authOf(request: FastifyRequest): AccessClaims {
  if (!request.auth) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
  return request.auth;
}
