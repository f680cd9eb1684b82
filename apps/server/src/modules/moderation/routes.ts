import {
  MODERATION_MESSAGES,
  REPORTS_PER_ADDRESS_PER_HOUR,
  appealInputSchema,
  auditEntrySchema,
  auditLogSchema,
  moderationActionInputSchema,
  moderationQueueSchema,
  noDataSchema,
  ownerDecisionsSchema,
  reportInputSchema,
  successEnvelope,
} from '@pbshare/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ONE_HOUR_MS } from '../../durations.js';
import { authOf, type RequireAuth } from '../../http/auth-guard.js';
import { created, ok } from '../../http/envelope.js';
import { makeRequireAdmin, optionalCaller } from './admin-guard.js';
import type { AppealsService } from './appeals.js';
import type { ModerationQueueReader } from './queue.js';
import type { ReportsService } from './reports.js';
import type { ModerationService } from './service.js';

export interface ModerationRouteDeps {
  reports: ReportsService;
  moderation: ModerationService;
  queue: ModerationQueueReader;
  appeals: AppealsService;
  requireAuth: RequireAuth;
}

const noData = successEnvelope(noDataSchema);

const auditQuery = z.object({
  /** The oldest entry shown, by its `at` and `id`: the page after it. */
  before: z.iso.datetime().optional(),
  beforeId: z.string().min(1).max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** Under /v1: /reports (anyone), /admin/... (admins only), /moderation/... (the owner). */
export const moderationRoutes: FastifyPluginAsyncZod<ModerationRouteDeps> = async (app, deps) => {
  const { reports, moderation, queue, appeals, requireAuth } = deps;

  app.post(
    '/reports',
    {
      config: { rateLimit: { max: REPORTS_PER_ADDRESS_PER_HOUR, timeWindow: ONE_HOUR_MS } },
      schema: { body: reportInputSchema, response: { 201: noData } },
    },
    async (request, reply) => {
      await reports.report(request.body, await optionalCaller(request, reply, requireAuth));
      return created(reply, null, MODERATION_MESSAGES.reportThanks);
    },
  );

  await app.register(adminRoutes, { prefix: '/admin', moderation, queue, requireAuth });

  app.get(
    '/moderation/decisions',
    {
      preValidation: requireAuth,
      schema: { response: { 200: successEnvelope(ownerDecisionsSchema) } },
    },
    async (request) => ok({ decisions: await appeals.decisionsOf(authOf(request).userId) }),
  );

  app.post(
    '/moderation/appeals',
    { preValidation: requireAuth, schema: { body: appealInputSchema, response: { 201: noData } } },
    async (request, reply) => {
      await appeals.appeal(authOf(request).userId, request.body);
      return created(reply, null, MODERATION_MESSAGES.appealSent);
    },
  );
};

/** Under /v1/admin: a 404 for anyone but a signed-in admin (admin-guard.ts). */
const adminRoutes: FastifyPluginAsyncZod<
  Pick<ModerationRouteDeps, 'moderation' | 'queue' | 'requireAuth'>
> = async (app, { moderation, queue, requireAuth }) => {
  app.addHook(
    'preValidation',
    makeRequireAdmin(requireAuth, (id) => moderation.isAdmin(id)),
  );

  app.get(
    '/queue',
    { schema: { response: { 200: successEnvelope(moderationQueueSchema) } } },
    async () => ok(await queue.queue()),
  );

  app.post(
    '/actions',
    {
      schema: {
        body: moderationActionInputSchema,
        response: { 200: successEnvelope(z.object({ entry: auditEntrySchema })) },
      },
    },
    async (request) => {
      const entry = await moderation.act(authOf(request).userId, request.body);
      return ok({ entry }, MODERATION_MESSAGES.actionDone);
    },
  );

  app.get(
    '/audit',
    { schema: { querystring: auditQuery, response: { 200: successEnvelope(auditLogSchema) } } },
    async (request) => {
      const { before, beforeId, limit } = request.query;
      const after = before === undefined ? undefined : { at: before, id: beforeId };
      return ok({ entries: await moderation.auditLog(after, limit) });
    },
  );
};
