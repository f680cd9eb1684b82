import { createHash } from 'node:crypto';
import { publicProfileSchema, successEnvelope } from '@pbshare/shared';
import type { onSendAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors/app-error.js';
import { ok } from '../../http/envelope.js';
import type { PublicProfileService } from './service.js';

// Short, and revalidated with the ETag after that: an owner's edit shows within seconds.
const CACHE_CONTROL = 'public, max-age=15, must-revalidate';

/**
 * The ETag is a hash of the answer exactly as serialized (before compression, which runs after
 * the route's own onSend), and a matching `If-None-Match` turns the answer into a bodiless 304.
 */
const revalidate: onSendAsyncHookHandler = async (request, reply, payload) => {
  if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
  const etag = `"${createHash('sha1').update(payload).digest('base64url')}"`;
  void reply
    .header('etag', etag)
    .header('cache-control', CACHE_CONTROL)
    .header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] !== etag) return payload;
  void reply.code(304).removeHeader('content-type');
  return null;
};

export const publicProfileRoutes: FastifyPluginAsyncZod<{
  profiles: PublicProfileService;
}> = async (app, { profiles }) => {
  app.get(
    '/user/:username',
    {
      schema: {
        params: z.object({ username: z.string().min(1).max(100) }),
        // What a stranger may see is this schema: a field it does not list is never serialized.
        response: { 200: successEnvelope(publicProfileSchema) },
      },
      onSend: revalidate,
    },
    async (request) => {
      const profile = await profiles.find(request.params.username);
      if (!profile) {
        throw new AppError(
          'NOT_FOUND',
          "The profile you're looking for doesn't exist or is not available.",
        );
      }
      return ok(profile);
    },
  );
};
