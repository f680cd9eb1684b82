import type { FastifyReply, FastifyRequest } from 'fastify';
import { REFRESH_TOKEN_TTL_MS } from '../security/session-lifetime.js';

const COOKIE_NAME = 'pbshare_refresh';
// Only the auth calls ever see the refresh token; the rest of the API never receives it.
const COOKIE_PATH = '/v1/auth';

export function readRefreshCookie(request: FastifyRequest): string | undefined {
  return request.cookies[COOKIE_NAME];
}

export function setRefreshCookie(reply: FastifyReply, token: string, secure: boolean): void {
  void reply.setCookie(COOKIE_NAME, token, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure,
    maxAge: REFRESH_TOKEN_TTL_MS / 1000,
  });
}

export function clearRefreshCookie(reply: FastifyReply, secure: boolean): void {
  void reply.clearCookie(COOKIE_NAME, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure,
  });
}
