import type { FastifyPluginAsync, LogLevel } from 'fastify';
import type { Database } from '../../db/database.js';

const QUIET_LEVELS: ReadonlySet<string> = new Set<LogLevel>(['warn', 'error', 'fatal', 'silent']);

/**
 * Probes for load balancers and orchestrators, outside /v1 and without the envelope by convention.
 * /healthz says the process is up; /readyz also proves the database answers.
 */
export const healthRoutes: FastifyPluginAsync<{ database: Database }> = async (
  app,
  { database },
) => {
  // Probes arrive every few seconds: keep them out of the info-level request log.
  const logLevel = (QUIET_LEVELS.has(app.log.level) ? app.log.level : 'warn') as LogLevel;

  app.get('/healthz', { logLevel }, () => ({ status: 'ok' }));

  app.get('/readyz', { logLevel }, async (request, reply) => {
    try {
      await database.ping();
      return { status: 'ready', database: database.dialect };
    } catch (err) {
      request.log.error({ err }, 'readiness check failed: database unreachable');
      return reply.code(503).send({ status: 'unavailable', database: database.dialect });
    }
  });
};
