import type { LogLevel } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database, Dialect } from '../../db/database.js';

const QUIET_LEVELS: ReadonlySet<string> = new Set<LogLevel>(['warn', 'error', 'fatal', 'silent']);

const DIALECTS = ['sqlite', 'postgres'] as const satisfies readonly Dialect[];
const readiness = (status: 'ready' | 'unavailable') =>
  z.object({ status: z.literal(status), database: z.enum(DIALECTS) });

/**
 * Probes for load balancers and orchestrators, outside /v1 and without the envelope by convention.
 * /healthz says the process is up; /readyz also proves the database answers.
 */

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (
  app,
  { database },
) => {
  // Probes arrive every few seconds: keep them out of the info-level request log.
  const logLevel = (QUIET_LEVELS.has(app.log.level) ? app.log.level : 'warn') as LogLevel;

  app.get(
    '/healthz',
    { logLevel, schema: { response: { 200: z.object({ status: z.literal('ok') }) } } },
    () => ({ status: 'ok' as const }),
  );

  const readyzSchema = { response: { 200: readiness('ready'), 503: readiness('unavailable') } };
  app.get('/readyz', { logLevel, schema: readyzSchema }, async (request, reply) => {
    try {
      await database.ping();
      return { status: 'ready' as const, database: database.dialect };
    } catch (err) {
      request.log.error({ err }, 'readiness check failed: database unreachable');
      return reply.code(503).send({ status: 'unavailable' as const, database: database.dialect });
    }
  });
};
