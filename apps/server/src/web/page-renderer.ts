import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { InlineProfilePage } from '@pbshare/shared';

/** Renders the public page's React tree (the viewer, or Profile Not Found) to HTML. */
export type RenderPublicPage = (page: InlineProfilePage) => string;

/**
 * Where `vite build --ssr` puts the web's server renderer: beside the browser build, outside the
 * folder served to the world.
 */
export function publicPageRendererPath(webDistDir: string): string {
  return resolve(webDistDir, '../dist-ssr/public-page.js');
}

/**
 * Loads the server renderer of /{username} built with the web app. Without one (a stand-in build
 * in tests, a build that skipped the SSR step) the page is sent with its data but an empty root,
 * and the browser renders it instead of hydrating it.
 */
export async function loadPublicPageRenderer(
  webDistDir: string,
): Promise<RenderPublicPage | undefined> {
  const path = publicPageRendererPath(webDistDir);
  if (!existsSync(path)) return undefined;
  const module = (await import(pathToFileURL(path).href)) as { renderPublicPage?: unknown };
  if (typeof module.renderPublicPage !== 'function') {
    throw new Error(`${path} does not export renderPublicPage`);
  }
  return module.renderPublicPage as RenderPublicPage;
}
