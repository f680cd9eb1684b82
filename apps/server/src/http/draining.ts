import type { FastifyInstance } from 'fastify';
import { failure } from './envelope.js';

/**
 * While the app is closing, answers still in flight ask the client to drop the connection.
 * Without this an idle keep-alive socket left over from one of them holds `close()` open until
 * the keep-alive timeout, which turns a graceful shutdown into a killed one. A request that
 * arrives on such a connection after closing began is refused with a 503 in the envelope (Fastify's
 * own 503 for it is bare JSON without our headers; `return503OnClosing` is off for that), so
 * clients and load balancers see 'try elsewhere'. Registered after the security headers' hook,
 * so the refusal carries them.
 */
export function closeConnectionsWhileDraining(app: FastifyInstance): () => boolean {
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  app.addHook('onRequest', (_request, reply, done) => {
    if (!draining) {
      done();
      return;
    }
    void reply
      .code(503)
      .header('retry-after', '1')
      .send(failure(503, 'SERVICE_UNAVAILABLE', 'This server is restarting. Please try again.'));
  });
  // Callback form: it runs on every answer, and an async hook would cost each a microtask hop.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) void reply.header('connection', 'close');
    done(null, payload);
  });
  // Whether closing has begun, for what answers ahead of these hooks (fast-path/front-door.ts).
  return () => draining;
}
