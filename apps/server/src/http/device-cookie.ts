import type { FastifyReply, FastifyRequest } from 'fastify';
import { newToken } from '../security/random-token.js';

const COOKIE_NAME = 'pbshare_device';
// Only sign-in reads it; the rest of the API never receives it.
const COOKIE_PATH = '/v1/auth';
/** 400 days, the longest a browser keeps a cookie: a device stays known while it is used. */
const MAX_AGE_S = 400 * 24 * 60 * 60;
const SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * The device id a browser keeps across sessions: signing out ends the session, not the device, so
 * the next sign-in from it is not 'new'. A random id with no meaning; the server keeps its hash
 * per account. A missing or malformed cookie gets a fresh id, set again on every sign-in so its
 * 400 days start over.
 */
export function deviceIdOf(request: FastifyRequest): string {
  const sent = request.cookies[COOKIE_NAME];
  return sent && SHAPE.test(sent) ? sent : newToken();
}

export function setDeviceCookie(reply: FastifyReply, deviceId: string, secure: boolean): void {
  void reply.setCookie(COOKIE_NAME, deviceId, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure,
    maxAge: MAX_AGE_S,
  });
}

/** The id the request carries, if any, without minting one (for recognising, not for storing). */
export function sentDeviceId(request: FastifyRequest): string | undefined {
  const sent = request.cookies[COOKIE_NAME];
  return sent && SHAPE.test(sent) ? sent : undefined;
}
