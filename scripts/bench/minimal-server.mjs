#!/usr/bin/env node
// The bench's yardstick: the least a Fastify server can do for a GET (a constant JSON body, no
// logger, no hooks), in its own process on PORT, as the app runs in its own.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/constant', () => ({
  success: true,
  message: 'Request successful',
  data: { ok: true },
  status: 200,
}));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
