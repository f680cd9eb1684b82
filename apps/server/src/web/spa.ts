import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { mayBeProfilePath } from '@pbshare/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiPath, sendApiNotFound } from '../http/error-handler.js';
import {
  sendPrepared,
  type AnswerChoice,
  type AnswerHeaders,
  type AnswerKind,
  type LaneRoute,
  type PublicAnswer,
  type PublicProfileAnswers,
} from '../fast-path/index.js';
import { movedTo, sendMoved } from '../modules/public-profile/moved.js';
import type { PreviewLinks } from '../previews/preview-links.js';
import { registerAppShells } from './app-shells.js';
import { inlineStylesheets } from './inline-styles.js';
import { loadPublicPageRenderer } from './page-renderer.js';
import { registerPrerenderedPages } from './prerendered-pages.js';
import { renderProfilePage, type ProfilePageOptions } from './profile-html.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const HTML = 'text/html; charset=utf-8';
/** What a PB id can look like (UUIDs today); a path whose second part is not one is no PB link. */
const PB_ID_SHAPE = /^[A-Za-z0-9_-]{1,64}$/;
const PAGE_HEADERS: AnswerHeaders = { contentType: HTML, cacheControl: 'no-cache', etag: false };

/** The profile pages kept by `/:username`, as the fast path's lane serves them. */
export const pageLaneRoute: LaneRoute = {
  prefix: '/',
  // The page echoes the name as asked for (the inline data says whose it is).
  kind: { name: 'page', bySpelling: true },
  headers: PAGE_HEADERS,
};

/**
 * Serves the built web app. Vite puts content-hashed files under /assets, so they can be cached
 * for a year; index.html must be revalidated on every visit so a deploy is picked up at once.
 * Any other GET that is not an API or media path gets index.html and the client router decides.
 */
export async function registerSpa(
  app: FastifyInstance,
  webDistDir: string,
  profilePages: { answers: PublicProfileAnswers; origin: string; previews: PreviewLinks },
): Promise<void> {
  const { origin, previews } = profilePages;
  // The public page has a document of its own, whose script hydrates the markup rendered here.
  const publicDocument = join(webDistDir, 'public-profile.html');
  const template = inlineStylesheets(
    readFileSync(
      existsSync(publicDocument) ? publicDocument : join(webDistDir, 'index.html'),
      'utf8',
    ),
    webDistDir,
  );
  const render = await loadPublicPageRenderer(webDistDir);
  const profilePage = (options: Omit<ProfilePageOptions, 'origin' | 'previews' | 'render'>) =>
    renderProfilePage(template, { ...options, origin, previews, render });

  await app.register(fastifyStatic, {
    root: webDistDir,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      void res.header('cache-control', cacheControlFor(filePath));
    },
  });

  // /{username}: the public profile, answered with its preview tags and data inline. Names the
  // app owns (login, pricing, ...) are routes of the client, never people.
  const page: AnswerKind = {
    ...pageLaneRoute.kind,
    render: (profile, username) => profilePage({ username, profile }),
  };
  // /{username}/{pbId}: the same page and data, its head about that PB. A PB that is not visible
  // (hidden, older, someone else's) gets the profile's page, which the viewer opens at the start.
  const pbPage = (pbId: string): AnswerChoice => ({
    name: `pb:${pbId}`,
    choose: (visible) =>
      visible.has(pbId)
        ? {
            name: `pb:${pbId}`,
            bySpelling: true,
            perPb: true,
            render: (profile, username) =>
              profilePage({ username, profile, pb: profile.pbs.find((pb) => pb.id === pbId) }),
          }
        : page,
  });

  function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    username: string,
    found: PublicAnswer,
    movedSuffix = '',
  ) {
    if (found.status === 'moved') {
      return sendMoved(reply, movedTo(request.url, '/', found.username, movedSuffix)).send();
    }
    if (found.status === 'found') {
      return sendPrepared(request, reply, found.answer, PAGE_HEADERS);
    }
    // Nobody by that name, or someone moderation has suspended (the page says it is not available).
    const unavailable = found.status === 'unavailable';
    return reply
      .code(404)
      .type(HTML)
      .header('cache-control', 'no-cache')
      .send(profilePage({ username, profile: undefined, unavailable }));
  }

  app.get<{ Params: { username: string } }>('/:username', async (request, reply) => {
    const { username } = request.params;
    // A route of the app gets the app; a bare '/v1', '/media' or '/previews' is the API's 404.
    if (!mayBeProfilePath(username)) {
      return sendAppOrNotFound(request, reply);
    }
    return answer(request, reply, username, await profilePages.answers.lookup(username, page));
  });

  app.get<{ Params: { username: string; pbId: string } }>(
    '/:username/:pbId',
    async (request, reply) => {
      const { username, pbId } = request.params;
      // Not a PB's link (a route of the app, an API, asset or dot-folder path): as without it.
      if (!mayBeProfilePath(username) || !PB_ID_SHAPE.test(pbId)) {
        return sendAppOrNotFound(request, reply);
      }
      const found = await profilePages.answers.lookup(username, pbPage(pbId));
      return answer(request, reply, username, found, `/${encodeURIComponent(pbId)}`);
    },
  );

  // The installed app's share target (the web manifest) posts a shared photo or video here; its
  // service worker takes that post. Without one (never installed, or its storage cleared) the file
  // cannot be kept across the redirect: the form opens and says to pick it there. The body is
  // left unread (multipart is accepted unread outside the upload routes).
  app.post('/add-pb', (_request, reply) =>
    reply.code(303).header('location', '/add-pb?shared=missing').send(),
  );

  await registerPrerenderedPages(app, webDistDir);
  await registerAppShells(app, webDistDir);
  app.setNotFoundHandler(sendAppOrNotFound);
}

/** Any other GET is a route of the client; API, asset and non-GET misses get the envelope 404. */
function sendAppOrNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
  if (isApiPath(request.url) || !isPageRequest || request.url.startsWith('/assets/')) {
    return sendApiNotFound(request, reply);
  }
  return reply.sendFile('index.html');
}

function cacheControlFor(filePath: string): string {
  if (/[\\/]assets[\\/]/.test(filePath)) return IMMUTABLE;
  // The service worker is checked for a new version on every visit, like the app's document.
  if (filePath.endsWith('index.html') || /[\\/]sw\.js$/.test(filePath)) return 'no-cache';
  return 'public, max-age=3600';
}
