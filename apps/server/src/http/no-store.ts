import type { FastifyInstance } from 'fastify';

/** '/v1' itself, anything under it, and '/v1?query'. */
const API_PATH = /^\/v1(?:[/?]|$)/;

/**
 * Every /v1 answer says `Cache-Control: no-store` unless its route says otherwise: most of them
 * carry someone's own data or tokens, which no browser or proxy cache may keep. The few public
 * routes that may be cached (app-config, the kept public profile) set their own header, which
 * overrides this one. Written on the raw response at onRequest, so it also reaches the hijacked
 * answers and the 404s, and costs one header and no hook on the answer's way out.
 */
export function storeNoApiAnswers(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (API_PATH.test(request.url)) reply.raw.setHeader('cache-control', 'no-store');
    done();
  });
}
