import {
  MODERATION_MESSAGES,
  PUBLIC_PROFILE_MESSAGES,
  publicProfileSchema,
  successEnvelope,
} from '@pbshare/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors/app-error.js';
import { ok } from '../../http/envelope.js';
import {
  sendPrepared,
  type AnswerHeaders,
  type AnswerKind,
  type LaneRoute,
  type PublicProfileAnswers,
} from '../../fast-path/index.js';
import { movedTo, sendMoved } from './moved.js';

const API_HEADERS: AnswerHeaders = {
  contentType: 'application/json; charset=utf-8',
  // Short, and revalidated with the ETag after that: an owner's edit shows within seconds.
  cacheControl: 'public, max-age=15, must-revalidate',
  // The ETag is a hash of the answer as serialized, before any compression, so every encoding
  // of it revalidates alike; a matching If-None-Match gets a bodiless 304.
  etag: true,
};

/** The API's kept answers, as the fast path's lane serves them. */
export const apiLaneRoute: LaneRoute = {
  prefix: '/v1/pbs/user/',
  kind: { name: 'api' },
  headers: API_HEADERS,
};

export const publicProfileRoutes: FastifyPluginAsyncZod<{
  answers: PublicProfileAnswers;
}> = async (app, { answers }) => {
  app.get(
    '/user/:username',
    {
      schema: {
        params: z.object({ username: z.string().min(1).max(100) }),
        // What a stranger may see is this schema: a field it does not list is never serialized.
        // The answer is prepared with the route's own serializer (reply.serialize), so it holds
        // what this schema lets through and nothing else.
        response: {
          200: successEnvelope(publicProfileSchema),
          301: successEnvelope(z.object({ username: z.string() })),
        },
      },
    },
    async (request, reply) => {
      const kind: AnswerKind = {
        ...apiLaneRoute.kind,
        // The route's serializer (fast-json-stringify) writes strings.
        render: (profile) => reply.serialize(ok(profile)) as string,
      };
      const found = await answers.lookup(request.params.username, kind);
      if (found.status === 'missing') {
        throw new AppError('NOT_FOUND', PUBLIC_PROFILE_MESSAGES.notFound);
      }
      if (found.status === 'unavailable') {
        throw new AppError('NOT_FOUND', MODERATION_MESSAGES.profileUnavailable);
      }
      if (found.status === 'moved') {
        void sendMoved(reply, movedTo(request.url, '/v1/pbs/user/', found.username));
        return ok({ username: found.username }, 'This profile has a new username.', 301);
      }
      return sendPrepared(request, reply, found.answer, API_HEADERS);
    },
  );
};
