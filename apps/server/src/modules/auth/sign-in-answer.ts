import type { Session } from '@pbshare/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FIFTEEN_MINUTES_MS, ONE_HOUR_MS } from '../../durations.js';
import { deviceIdOf, setDeviceCookie } from '../../http/device-cookie.js';
import { ok } from '../../http/envelope.js';
import { setRefreshCookie } from '../../http/refresh-cookie.js';
import type { IssuedSession, SignInClient } from './service.js';

/** Per address, on every way in: generous enough for many people behind one office address. */
export const SIGN_IN_RATE_LIMIT = { rateLimit: { max: 100, timeWindow: FIFTEEN_MINUTES_MS } };

/** Per address, on each sign-up call (with a password, or a passkey's options and answer). */
export const SIGN_UP_RATE_LIMIT = { rateLimit: { max: 20, timeWindow: ONE_HOUR_MS } };

/** The signing-in client as the request tells it; a browser without a device id gets one. */
export function signInClientOf(request: FastifyRequest): SignInClient {
  return {
    address: request.ip,
    deviceId: deviceIdOf(request),
    userAgent: request.headers['user-agent'],
  };
}

/**
 * Every way in (a password, its second step, a passkey) answers alike: the refresh token as its
 * cookie, the device id kept (or first set) for 400 more days, and the access token with the user.
 */
export function answerSignIn(
  reply: FastifyReply,
  client: SignInClient,
  session: IssuedSession,
  secureCookies: boolean,
) {
  setRefreshCookie(reply, session.refreshToken, secureCookies);
  setDeviceCookie(reply, client.deviceId, secureCookies);
  const answer: Session = { accessToken: session.accessToken, user: session.user };
  return ok(answer, 'Signed in');
}
