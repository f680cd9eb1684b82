import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { InlineProfilePage } from '@pbshare/shared';

/** Renders one form of the public page (the viewer, or Profile Not Found) to HTML. */
export type RenderPage = (page: InlineProfilePage) => string;

/** The server renderer of /{username}, as the web build exports it. */
export interface PublicPageRenderer {
  /** #root's markup, which the page's script hydrates. */
  root: RenderPage;
  /**
   * The page for a browser that runs no script, sent in <noscript>; absent from a renderer
   * that has none (a stand-in in tests), and empty where #root already needs no script.
   */
  withoutScript?: RenderPage | undefined;
}

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
): Promise<PublicPageRenderer | undefined> {
  const path = publicPageRendererPath(webDistDir);
  if (!existsSync(path)) return undefined;
  const module = (await import(pathToFileURL(path).href)) as {
    renderPublicPage?: unknown;
    renderPublicPageWithoutScript?: unknown;
  };
  if (typeof module.renderPublicPage !== 'function') {
    throw new Error(`${path} does not export renderPublicPage`);
  }
  const withoutScript = module.renderPublicPageWithoutScript;
  return {
    root: module.renderPublicPage as RenderPage,
    withoutScript: typeof withoutScript === 'function' ? (withoutScript as RenderPage) : undefined,
  };
}
