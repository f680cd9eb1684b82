import type { PublicPb, PublicProfile } from '@pbshare/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../errors/app-error.js';
import type { Previews } from './previews.js';
import type { PreviewPlan } from './preview-links.js';

/**
 * What the routes need of the public profiles: what a visitor may see of a person, or nothing
 * (nobody, or 'unavailable' while moderation has suspended them).
 */
export interface PublicProfiles {
  find(username: string): Promise<PublicProfile | 'unavailable' | undefined>;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NOT_FOUND_MESSAGE = 'This image does not exist or is not public.';

const profileParams = z.object({
  username: z.string().min(1).max(100),
  key: z.string().min(1).max(100),
});
const pbParams = profileParams.extend({ pbId: z.string().min(1).max(100) });

/**
 * The preview images, under /previews. Only what the public page shows gets an image: an unknown
 * or reserved name, a hidden PB and an older record all answer 404. The last segment is the
 * image's content key: the current one answers the image, cacheable for good since that address
 * never shows anything else; any other one redirects to the current address, so a link preview
 * kept by another site still finds the image after an edit, showing what the page shows now.
 */
export const previewRoutes: FastifyPluginAsyncZod<{
  previews: Previews;
  profiles: PublicProfiles;
}> = async (app, { previews, profiles }) => {
  const { links, maker } = previews;

  async function send(reply: FastifyReply, plan: PreviewPlan, key: string) {
    if (key !== plan.key) {
      return reply
        .code(302)
        .header('location', plan.image.path)
        .header('cache-control', 'no-cache')
        .send();
    }
    const jpeg = await maker.jpeg(plan.key, plan.facts);
    return (
      reply
        .type(plan.image.type)
        .header('cache-control', IMMUTABLE)
        // Made to be shown by other sites (chat apps' and networks' link previews).
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(jpeg)
    );
  }

  async function profileOf(username: string): Promise<PublicProfile> {
    const profile = await profiles.find(username);
    if (!profile || profile === 'unavailable') throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
    return profile;
  }

  async function visiblePb(username: string, pbId: string): Promise<[PublicProfile, PublicPb]> {
    const profile = await profileOf(username);
    const pb = profile.pbs.find((candidate) => candidate.id === pbId);
    if (!pb) throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
    return [profile, pb];
  }

  app.get(
    '/profile/:username/:key.jpg',
    { schema: { params: profileParams } },
    async (request, reply) => {
      const profile = await profileOf(request.params.username);
      return send(reply, links.profilePlan(profile), request.params.key);
    },
  );

  for (const kind of ['pb', 'story'] as const) {
    app.get(
      `/${kind}/:username/:pbId/:key.jpg`,
      { schema: { params: pbParams } },
      async (request, reply) => {
        const [profile, pb] = await visiblePb(request.params.username, request.params.pbId);
        return send(reply, links.pbPlan(kind, profile, pb), request.params.key);
      },
    );
  }
};
