import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  prepareAnswer,
  sendPrepared,
  type AnswerHeaders,
  type PreparedAnswer,
} from '../fast-path/index.js';
import { inlineStylesheets } from './inline-styles.js';

/** Smaller bodies are not worth compressing (the same threshold as @fastify/compress's). */
const COMPRESS_THRESHOLD = 1024;

/** A page written by the build: the same for everyone, revalidated on each visit by its ETag. */
export const BUILT_PAGE_HEADERS: AnswerHeaders = {
  contentType: 'text/html; charset=utf-8',
  cacheControl: 'no-cache',
  etag: true,
};

/** A built page, given its stylesheet inline (no extra round trip before the first paint). */
export function prepareBuiltPage(html: string, webDistDir: string): Promise<PreparedAnswer> {
  return prepareAnswer(inlineStylesheets(html, webDistDir), COMPRESS_THRESHOLD);
}

/** The address a prerendered file answers: pages/index.html is /, pages/pricing.html /pricing. */
export function prerenderedPath(file: string): string {
  return file === 'index.html' ? '/' : `/${file.slice(0, -'.html'.length)}`;
}

/**
 * Serves the pages the web build rendered to HTML (`dist/pages`: the landing, pricing and legal
 * pages), which the app's script hydrates. Each is read, given its stylesheet inline (no extra
 * round trip before the first paint) and compressed once at start; a deploy brings new files and a
 * new ETag. A build without prerendered pages leaves these addresses to the app's shell, and so
 * does a query string.
 */
export async function registerPrerenderedPages(
  app: FastifyInstance,
  webDistDir: string,
): Promise<void> {
  const dir = join(webDistDir, 'pages');
  if (!existsSync(dir)) return;
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.html'))) {
    const answer = await prepareBuiltPage(readFileSync(join(dir, file), 'utf8'), webDistDir);
    app.get(prerenderedPath(file), (request, reply) => {
      // The page was rendered for its address alone. With a query (a checkout's return to
      // /pricing?checkout=…) it reads differently, so the browser renders it from the shell
      // rather than hydrating HTML that no longer matches.
      if (request.url.includes('?')) return reply.sendFile('index.html');
      return sendPrepared(request, reply, answer, BUILT_PAGE_HEADERS);
    });
  }
}
