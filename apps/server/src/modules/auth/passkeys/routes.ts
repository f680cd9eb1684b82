import {
  AUTH_MESSAGES,
  noDataSchema,
  PASSKEY_MESSAGES,
  passkeyCreationSchema,
  passkeyIdParamsSchema,
  passkeyRegistrationInputSchema,
  passkeyRequestSchema,
  passkeySchema,
  passkeySignInInputSchema,
  passkeySignUpDetailsSchema,
  passkeySignUpInputSchema,
  passkeysSchema,
  renamePasskeyInputSchema,
  sessionSchema,
  successEnvelope,
} from '@pbshare/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, type RequireAuth } from '../../../http/auth-guard.js';
import { created, ok } from '../../../http/envelope.js';
import {
  answerSignIn,
  SIGN_IN_RATE_LIMIT,
  SIGN_UP_RATE_LIMIT,
  signInClientOf,
} from '../sign-in-answer.js';
import type { PasskeysService } from './service.js';

export interface PasskeyRouteDeps {
  passkeys: PasskeysService;
  requireAuth: RequireAuth;
  /** Mark the refresh cookie Secure: true whenever the public origin is https. */
  secureCookies: boolean;
}

const done = { 200: successEnvelope(noDataSchema) };

/** /v1/auth/passkeys: add, list, rename and remove passkeys; sign up or sign in with one. */
export const passkeyRoutes: FastifyPluginAsyncZod<PasskeyRouteDeps> = async (app, deps) => {
  const { passkeys, requireAuth, secureCookies } = deps;

  app.get(
    '/passkeys',
    { preValidation: requireAuth, schema: { response: { 200: successEnvelope(passkeysSchema) } } },
    async (request) => ok({ passkeys: await passkeys.list(authOf(request)) }),
  );

  app.post(
    '/passkeys/registration-options',
    {
      preValidation: requireAuth,
      schema: { response: { 200: successEnvelope(passkeyCreationSchema) } },
    },
    async (request) => ok(await passkeys.registrationOptions(authOf(request))),
  );

  app.post(
    '/passkeys',
    {
      preValidation: requireAuth,
      schema: {
        body: passkeyRegistrationInputSchema,
        response: { 201: successEnvelope(passkeySchema) },
      },
    },
    async (request, reply) =>
      created(
        reply,
        await passkeys.register(authOf(request), request.body),
        PASSKEY_MESSAGES.added,
      ),
  );

  app.patch(
    '/passkeys/:id',
    {
      preValidation: requireAuth,
      schema: {
        params: passkeyIdParamsSchema,
        body: renamePasskeyInputSchema,
        response: { 200: successEnvelope(passkeySchema) },
      },
    },
    async (request) =>
      ok(
        await passkeys.rename(authOf(request), request.params.id, request.body.name),
        PASSKEY_MESSAGES.renamed,
      ),
  );

  app.delete(
    '/passkeys/:id',
    { preValidation: requireAuth, schema: { params: passkeyIdParamsSchema, response: done } },
    async (request) => {
      await passkeys.remove(authOf(request), request.params.id);
      return ok(null, PASSKEY_MESSAGES.removed);
    },
  );

  app.post(
    '/passkeys/sign-in-options',
    {
      config: SIGN_IN_RATE_LIMIT,
      schema: { response: { 200: successEnvelope(passkeyRequestSchema) } },
    },
    async () => ok(await passkeys.signInOptions()),
  );

  app.post(
    '/passkeys/sign-in',
    {
      config: SIGN_IN_RATE_LIMIT,
      schema: { body: passkeySignInInputSchema, response: { 200: successEnvelope(sessionSchema) } },
    },
    async (request, reply) => {
      const client = signInClientOf(request);
      const session = await passkeys.signIn(request.body, client);
      return answerSignIn(reply, client, session, secureCookies);
    },
  );

  app.post(
    '/passkeys/sign-up-options',
    {
      config: SIGN_UP_RATE_LIMIT,
      schema: {
        body: passkeySignUpDetailsSchema,
        response: { 200: successEnvelope(passkeyCreationSchema) },
      },
    },
    async (request) => ok(await passkeys.signUpOptions(request.body)),
  );

  // Answers as password sign-up does, the same for an address that already has an account.
  app.post(
    '/passkeys/sign-up',
    {
      config: SIGN_UP_RATE_LIMIT,
      schema: { body: passkeySignUpInputSchema, response: { 201: successEnvelope(noDataSchema) } },
    },
    async (request, reply) => {
      await passkeys.signUp(request.body);
      return created(reply, null, AUTH_MESSAGES.signedUp);
    },
  );
};
