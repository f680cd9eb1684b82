import {
  DEVICE_MESSAGES,
  noDataSchema,
  sessionIdParamsSchema,
  signedInDevicesSchema,
  successEnvelope,
} from '@pbshare/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, type RequireAuth } from '../../../http/auth-guard.js';
import { ok } from '../../../http/envelope.js';
import type { DevicesService } from './service.js';

export interface DeviceRouteDeps {
  devices: DevicesService;
  requireAuth: RequireAuth;
}

const done = { 200: successEnvelope(noDataSchema) };

/** Settings' 'Your devices': the account's signed-in sessions, each can be signed out. */
export const deviceRoutes: FastifyPluginAsyncZod<DeviceRouteDeps> = async (app, deps) => {
  const { devices, requireAuth } = deps;

  app.get(
    '/sessions',
    {
      preValidation: requireAuth,
      schema: { response: { 200: successEnvelope(signedInDevicesSchema) } },
    },
    async (request) => ok({ devices: await devices.list(authOf(request)) }),
  );

  app.delete(
    '/sessions/:id',
    { preValidation: requireAuth, schema: { params: sessionIdParamsSchema, response: done } },
    async (request) => {
      await devices.signOut(authOf(request), request.params.id);
      return ok(null, DEVICE_MESSAGES.signedOutOne);
    },
  );

  app.post(
    '/sessions/sign-out-others',
    { preValidation: requireAuth, schema: { response: done } },
    async (request) => {
      await devices.signOutOthers(authOf(request));
      return ok(null, DEVICE_MESSAGES.signedOutOthers);
    },
  );
};
