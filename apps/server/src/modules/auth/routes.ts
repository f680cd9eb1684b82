import {
  AUTH_MESSAGES,
  changePasswordInputSchema,
  emailOnlyInputSchema,
  loginInputSchema,
  noDataSchema,
  registerInputSchema,
  resetPasswordInputSchema,
  secondStepNeededSchema,
  sessionSchema,
  successEnvelope,
  TWO_STEP_MESSAGES,
} from '@pbshare/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../http/auth-guard.js';
import { created, ok } from '../../http/envelope.js';
import { refuseCrossSite } from '../../security/cross-site.js';
import type { AuthRouteDeps } from './deps.js';
import {
  answerSignIn,
  SIGN_IN_RATE_LIMIT,
  SIGN_UP_RATE_LIMIT,
  signInClientOf,
} from './sign-in-answer.js';
import {
  clearRefreshCookie,
  readRefreshCookie,
  setRefreshCookie,
} from '../../http/refresh-cookie.js';
import { FIFTEEN_MINUTES_MS, ONE_HOUR_MS } from '../../durations.js';

/** Per-address limits, generous enough for many people behind one office or campus address. */
const limits = {
  login: SIGN_IN_RATE_LIMIT,
  register: SIGN_UP_RATE_LIMIT,
  mail: { rateLimit: { max: 30, timeWindow: ONE_HOUR_MS } },
  token: { rateLimit: { max: 60, timeWindow: FIFTEEN_MINUTES_MS } },
  refresh: { rateLimit: { max: 300, timeWindow: FIFTEEN_MINUTES_MS } },
};

const sessionAnswer = { 200: successEnvelope(sessionSchema) };
const signInAnswer = {
  200: successEnvelope(z.union([sessionSchema, secondStepNeededSchema])),
};
const done = { 200: successEnvelope(noDataSchema) };

export const authRoutes: FastifyPluginAsyncZod<AuthRouteDeps> = async (app, deps) => {
  const { auth, requireAuth, secureCookies } = deps;
  const sameSiteOnly = refuseCrossSite(deps.publicOrigin);

  app.post(
    '/register',
    {
      config: limits.register,
      // No account data: the answer for an address that already has an account is the same.
      schema: { body: registerInputSchema, response: { 201: successEnvelope(noDataSchema) } },
    },
    async (request, reply) => {
      await auth.register(request.body, request.ip);
      return created(reply, null, AUTH_MESSAGES.signedUp);
    },
  );

  app.get(
    '/verify',
    {
      config: limits.token,
      schema: {
        querystring: z.object({
          token: z.string().min(1, 'The verification link is incomplete').max(200),
        }),
        response: done,
      },
    },
    async (request) => {
      await auth.verifyEmail(request.query.token);
      return ok(null, AUTH_MESSAGES.emailVerified);
    },
  );

  app.post(
    '/login',
    { config: limits.login, schema: { body: loginInputSchema, response: signInAnswer } },
    async (request, reply) => {
      const client = signInClientOf(request);
      const outcome = await auth.login(request.body, client);
      if ('secondStepTicket' in outcome) return ok(outcome, TWO_STEP_MESSAGES.secondStepNeeded);
      return answerSignIn(reply, client, outcome, secureCookies);
    },
  );

  app.post(
    '/refresh',
    { config: limits.refresh, onRequest: sameSiteOnly, schema: { response: sessionAnswer } },
    async (request, reply) => {
      try {
        const session = await auth.refresh(readRefreshCookie(request));
        setRefreshCookie(reply, session.refreshToken, secureCookies);
        return ok({ accessToken: session.accessToken, user: session.user });
      } catch (err) {
        clearRefreshCookie(reply, secureCookies);
        throw err;
      }
    },
  );

  app.post(
    '/logout',
    { onRequest: sameSiteOnly, schema: { response: done } },
    async (request, reply) => {
      await auth.logout(readRefreshCookie(request));
      clearRefreshCookie(reply, secureCookies);
      return ok(null, 'Signed out');
    },
  );

  // Mail routes answer alike, after the same work, whether or not the account exists, so they
  // tell nobody who has one: the mail is sent after the answer, by a job.
  const mailRoute = (path: string, send: (email: string) => Promise<void>, message: string) => {
    app.post(
      path,
      { config: limits.mail, schema: { body: emailOnlyInputSchema, response: done } },
      async (request) => {
        await send(request.body.email);
        return ok(null, message);
      },
    );
  };
  mailRoute(
    '/resend-verification',
    (email) => auth.resendVerification(email),
    AUTH_MESSAGES.verificationResent,
  );
  mailRoute('/forgot-password', (email) => auth.forgotPassword(email), AUTH_MESSAGES.resetLinkSent);

  app.post(
    '/reset-password',
    { config: limits.token, schema: { body: resetPasswordInputSchema, response: done } },
    async (request, reply) => {
      await auth.resetPassword(request.body.token, request.body.password, request.ip);
      clearRefreshCookie(reply, secureCookies);
      return ok(null, AUTH_MESSAGES.passwordReset);
    },
  );

  app.put(
    '/change-password',
    { preValidation: requireAuth, schema: { body: changePasswordInputSchema, response: done } },
    async (request) => {
      await auth.changePassword(authOf(request), request.body);
      return ok(null, AUTH_MESSAGES.passwordUpdated);
    },
  );
};
