import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sendPrepared } from '../fast-path/index.js';
import { BUILT_PAGE_HEADERS, prepareBuiltPage } from './prerendered-pages.js';

/**
 * Serves /profile as the app's document with the page's skeleton already in #root (`dist/shells`,
 * written by the web build), so a slow network paints the page's shape in one round trip instead
 * of a white screen while the script loads. The app renders over the skeleton rather than
 * hydrating it, so the answer is the same whatever the query. A build without it leaves /profile
 * to the plain shell.
 */
export async function registerAppShells(app: FastifyInstance, webDistDir: string): Promise<void> {
  const file = join(webDistDir, 'shells', 'profile.html');
  if (!existsSync(file)) return;
  const answer = await prepareBuiltPage(readFileSync(file, 'utf8'), webDistDir);
  app.get('/profile', (request, reply) => sendPrepared(request, reply, answer, BUILT_PAGE_HEADERS));
}
