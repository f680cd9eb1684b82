import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppMetrics } from './metrics.js';

/**
 * GET /metrics in Prometheus's text format, for a scraper holding METRICS_TOKEN as a bearer
 * token. Anyone else gets the same 404 as for a path that does not exist, so the endpoint is not
 * advertised. Every other request's duration is recorded by route pattern (never the raw URL,
 * which would make a series per username).
 */
export function registerMetrics(app: FastifyInstance, metrics: AppMetrics, token: string): void {
  const expected = Buffer.from(`Bearer ${token}`);
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    metrics.request(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      reply.callNotFound();
      return reply;
    }
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.registry.contentType)
      .send(await metrics.registry.metrics());
  });
}
