import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isApiPath, sendApiNotFound } from '../http/error-handler.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app. Vite puts content-hashed files under /assets, so they can be cached
 * for a year; index.html must be revalidated on every visit so a deploy is picked up at once.
 * Any other GET that is not an API or media path gets index.html and the client router decides.
 */
export async function registerSpa(app: FastifyInstance, webDistDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDistDir,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      void res.header('cache-control', cacheControlFor(filePath));
    },
  });

  app.setNotFoundHandler((request, reply) => {
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (isApiPath(request.url) || !isPageRequest || request.url.startsWith('/assets/')) {
      return sendApiNotFound(request, reply);
    }
    return reply.sendFile('index.html');
  });
}

function cacheControlFor(filePath: string): string {
  if (/[\\/]assets[\\/]/.test(filePath)) return IMMUTABLE;
  if (filePath.endsWith('index.html')) return 'no-cache';
  return 'public, max-age=3600';
}
