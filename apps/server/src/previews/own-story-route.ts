import type { PersonalBest, User } from '@pbshare/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, type RequireAuth } from '../http/auth-guard.js';
import type { Previews } from './previews.js';

/** What the route needs of the signed-in user's data; another user's record is not found. */
export interface OwnStorySources {
  pbs: { get(userId: string, recordId: string): Promise<PersonalBest> };
  users: { getProfile(userId: string): Promise<User> };
}

const params = z.object({ id: z.string().min(1).max(100) });

/**
 * GET /v1/pbs/{id}/story.jpg: the owner's story image of their PB, the one 'Share this PB' hands
 * to the share sheet. It is the public story image plus the change the record beat its previous
 * best by, which the public one leaves out (an older record is never public), so it is answered
 * to the owner alone and never kept by a shared cache.
 */
export const ownStoryRoute: FastifyPluginAsyncZod<{
  previews: Previews;
  sources: OwnStorySources;
  requireAuth: RequireAuth;
}> = async (app, { previews, sources, requireAuth }) => {
  app.get(
    '/pbs/:id/story.jpg',
    { preValidation: requireAuth, schema: { params } },
    async (request, reply) => {
      const { userId } = authOf(request);
      const [pb, user] = await Promise.all([
        sources.pbs.get(userId, request.params.id),
        sources.users.getProfile(userId),
      ]);
      const { facts, key } = previews.links.ownStoryPlan(user, pb);
      const jpeg = await previews.maker.jpeg(key, facts);
      return reply.type('image/jpeg').header('cache-control', 'private, no-cache').send(jpeg);
    },
  );
};
