import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { publicPageRendererPath } from '../web/page-renderer.js';

export const MINIMAL_INDEX_HTML =
  '<!doctype html><html><head><title>PBShare</title></head><body><div id="root"></div></body></html>';

export interface WebDistOptions {
  /**
   * The source of a stand-in server renderer (an ES module exporting `renderPublicPage`), put
   * where `vite build --ssr` puts the real one. Without it the build has none.
   */
  renderer?: string;
}

/**
 * A stand-in for the web build in a temp folder: an `assets/` folder, `index.html` (the minimal
 * one unless given) and any other files, keyed by their path inside the build. The build sits in
 * a folder of its own, so a renderer beside it belongs to this build alone.
 */
export function writeWebDist(files: Record<string, string> = {}, options: WebDistOptions = {}) {
  const dir = join(mkdtempSync(join(tmpdir(), 'pbshare-web-')), 'dist');
  mkdirSync(join(dir, 'assets'), { recursive: true });
  for (const [path, text] of Object.entries({ 'index.html': MINIMAL_INDEX_HTML, ...files })) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  if (options.renderer !== undefined) {
    const rendererPath = publicPageRendererPath(dir);
    mkdirSync(dirname(rendererPath), { recursive: true });
    writeFileSync(rendererPath, options.renderer);
  }
  return dir;
}

export function removeWebDist(dir: string): void {
  rmSync(dirname(dir), { recursive: true, force: true });
}
