import {
  noDataSchema,
  recoveryCodesSchema,
  secondStepInputSchema,
  sessionSchema,
  successEnvelope,
  TWO_STEP_MESSAGES,
  twoStepDisableInputSchema,
  twoStepEnableInputSchema,
  twoStepSetupInputSchema,
  twoStepSetupSchema,
  twoStepStatusSchema,
} from '@pbshare/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, type RequireAuth } from '../../../http/auth-guard.js';
import { ok } from '../../../http/envelope.js';
import type { AuthService } from '../service.js';
import { answerSignIn, SIGN_IN_RATE_LIMIT, signInClientOf } from '../sign-in-answer.js';
import type { TwoStepService } from './service.js';

export interface TwoStepRouteDeps {
  twoStep: TwoStepService;
  auth: AuthService;
  requireAuth: RequireAuth;
  secureCookies: boolean;
}

const done = { 200: successEnvelope(noDataSchema) };

/** Settings' authenticator app, and sign-in's second step (`/v1/auth`). */
export const twoStepRoutes: FastifyPluginAsyncZod<TwoStepRouteDeps> = async (app, deps) => {
  const { twoStep, auth, requireAuth, secureCookies } = deps;

  app.get(
    '/two-step',
    {
      preValidation: requireAuth,
      schema: { response: { 200: successEnvelope(twoStepStatusSchema) } },
    },
    async (request) => ok(await twoStep.status(authOf(request).userId)),
  );

  app.post(
    '/two-step/setup',
    {
      preValidation: requireAuth,
      schema: {
        body: twoStepSetupInputSchema,
        response: { 200: successEnvelope(twoStepSetupSchema) },
      },
    },
    async (request) => ok(await twoStep.setup(authOf(request).userId, request.body.password)),
  );

  app.post(
    '/two-step/enable',
    {
      preValidation: requireAuth,
      schema: {
        body: twoStepEnableInputSchema,
        response: { 200: successEnvelope(recoveryCodesSchema) },
      },
    },
    async (request) => {
      const codes = await twoStep.enable(authOf(request).userId, request.body.code);
      return ok({ codes }, TWO_STEP_MESSAGES.enabled);
    },
  );

  app.post(
    '/two-step/disable',
    { preValidation: requireAuth, schema: { body: twoStepDisableInputSchema, response: done } },
    async (request) => {
      await twoStep.disable(authOf(request).userId, request.body.password, request.body.code);
      return ok(null, TWO_STEP_MESSAGES.disabled);
    },
  );

  app.post(
    '/login/second-step',
    {
      config: SIGN_IN_RATE_LIMIT,
      schema: { body: secondStepInputSchema, response: { 200: successEnvelope(sessionSchema) } },
    },
    async (request, reply) => {
      const client = signInClientOf(request);
      const user = await twoStep.passSecondStep(request.body, client.address);
      return answerSignIn(reply, client, await auth.startSession(user, client), secureCookies);
    },
  );
};
