import type { FastifyInstance } from 'fastify';

/**
 * While the app is closing, answers still in flight ask the client to drop the connection.
 * Without this an idle keep-alive socket left over from one of them holds `close()` open until
 * the keep-alive timeout, which turns a graceful shutdown into a killed one.
 */
export function closeConnectionsWhileDraining(app: FastifyInstance): void {
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  // Callback form: it runs on every answer, and an async hook would cost each a microtask hop.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) void reply.header('connection', 'close');
    done(null, payload);
  });
}
