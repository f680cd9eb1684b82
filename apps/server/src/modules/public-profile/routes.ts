import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors/app-error.js';
import { ok } from '../../http/envelope.js';
import type { PublicProfileService } from './service.js';

// Short, and revalidated with the ETag after that: an owner's edit shows within seconds.
const CACHE_CONTROL = 'public, max-age=15, must-revalidate';

export const publicProfileRoutes: FastifyPluginAsyncZod<{
  profiles: PublicProfileService;
}> = async (app, { profiles }) => {
  app.get(
    '/user/:username',
    { schema: { params: z.object({ username: z.string().min(1).max(100) }) } },
    async (request, reply) => {
      const profile = await profiles.find(request.params.username);
      if (!profile) {
        throw new AppError(
          'NOT_FOUND',
          "The profile you're looking for doesn't exist or is not available.",
        );
      }
      // Serialized once: the same text is hashed for the ETag and sent.
      const body = JSON.stringify(ok(profile));
      const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
      void reply
        .header('etag', etag)
        .header('cache-control', CACHE_CONTROL)
        .header('vary', 'accept-encoding');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );
};
