import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Vite's name for the public page's route module: its source path inside apps/web. */
export const PUBLIC_PAGE_MODULE = 'src/features/public-profile/public-profile-page.tsx';

const ENTRY_MODULE = 'index.html';

interface ManifestChunk {
  file: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The scripts a lazily loaded route needs beyond what index.html already loads, as absolute
 * paths, read from the build's manifest (`dist/.vite/manifest.json`). Listed in a page's head as
 * modulepreload links, they download alongside the entry instead of after it has run and the
 * router has asked for them: one round trip less before the public profile paints.
 * Without a manifest (a hand-made dist in tests) there is nothing to preload.
 */
export function readRoutePreloads(webDistDir: string, routeModule: string): string[] {
  const manifestPath = join(webDistDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return [];
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  if (!manifest[routeModule]) return [];

  const alreadyLoaded = staticClosure(manifest, ENTRY_MODULE);
  return [...staticClosure(manifest, routeModule)]
    .filter((key) => !alreadyLoaded.has(key))
    .flatMap((key) => {
      const file = manifest[key]?.file;
      return file ? [`/${file}`] : [];
    });
}

/** The manifest keys of a module and everything it imports statically, route module first. */
function staticClosure(manifest: Manifest, start: string): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  visit(start);
  return seen;
}
