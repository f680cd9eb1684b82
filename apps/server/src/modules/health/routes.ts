import type { LogLevel } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database, Dialect } from '../../db/database.js';

const QUIET_LEVELS: ReadonlySet<string> = new Set<LogLevel>(['warn', 'error', 'fatal', 'silent']);

const DIALECTS = ['sqlite', 'postgres'] as const satisfies readonly Dialect[];
const readiness = (status: 'ready' | 'unavailable') =>
  z.object({
    status: z.literal(status),
    database: z.enum(DIALECTS),
    /** The ffmpeg that processes videos, as it names itself ('ffmpeg version 5.1.9-0+deb12u1'). */
    ffmpeg: z.string(),
    /** What did not answer: 'database', 'storage', 'redis'. */
    failing: z.array(z.string()),
  });

/** A probe waits this long for a service; a hung one counts as failing. */
const READINESS_TIMEOUT_MS = 3000;

function withinTime(work: Promise<unknown>): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((_resolve, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`no answer within ${READINESS_TIMEOUT_MS} ms`));
    }, READINESS_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => {
    clearTimeout(timer);
  });
}

/** A service the app needs, besides the database, with a cheap proof that it answers. */
export interface ReadinessCheck {
  name: string;
  ping(): Promise<unknown>;
}

/**
 * Probes for load balancers and orchestrators, outside /v1 and without the envelope by convention.
 * /healthz says the process is up; /readyz also proves the database answers, and the bucket and
 * Redis when they are configured.
 */

export const healthRoutes: FastifyPluginAsyncZod<{
  database: Database;
  checks?: readonly ReadinessCheck[];
  /** Read once, at the first probe: a spawn of ffmpeg per probe would be waste. */
  ffmpegVersion: () => Promise<string>;
}> = async (app, { database, checks = [], ffmpegVersion }) => {
  let ffmpeg: Promise<string> | undefined;
  const ffmpegName = () =>
    (ffmpeg ??= ffmpegVersion().catch((err: unknown) => {
      ffmpeg = undefined;
      app.log.error({ err }, 'ffmpeg does not answer');
      return 'unavailable';
    }));
  // Probes arrive every few seconds: keep them out of the info-level request log.
  const logLevel = (QUIET_LEVELS.has(app.log.level) ? app.log.level : 'warn') as LogLevel;

  app.get(
    '/healthz',
    { logLevel, schema: { response: { 200: z.object({ status: z.literal('ok') }) } } },
    () => ({ status: 'ok' as const }),
  );

  const readyzSchema = { response: { 200: readiness('ready'), 503: readiness('unavailable') } };
  const all: readonly ReadinessCheck[] = [
    { name: 'database', ping: () => database.ping() },
    ...checks,
  ];
  app.get('/readyz', { logLevel, schema: readyzSchema }, async (request, reply) => {
    const results = await Promise.allSettled(all.map((check) => withinTime(check.ping())));
    const failing = all.filter((_check, i) => results[i]?.status === 'rejected').map((c) => c.name);
    const about = { database: database.dialect, ffmpeg: await ffmpegName() };
    if (failing.length === 0) return { status: 'ready' as const, ...about, failing };
    request.log.error(
      {
        failing,
        errors: results.flatMap((r): unknown[] => (r.status === 'rejected' ? [r.reason] : [])),
      },
      'readiness check failed',
    );
    return reply.code(503).send({ status: 'unavailable' as const, ...about, failing });
  });
};
