import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export const MINIMAL_INDEX_HTML =
  '<!doctype html><html><head><title>PBShare</title></head><body><div id="root"></div></body></html>';

/**
 * A stand-in for the web build in a temp folder: an `assets/` folder, `index.html` (the minimal
 * one unless given) and any other files, keyed by their path inside the build.
 */
export function writeWebDist(files: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'pbshare-dist-'));
  mkdirSync(join(dir, 'assets'));
  for (const [path, text] of Object.entries({ 'index.html': MINIMAL_INDEX_HTML, ...files })) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

export function removeWebDist(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
