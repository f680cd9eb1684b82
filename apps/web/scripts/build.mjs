#!/usr/bin/env node
// The web app's build: the app's browser bundles (dist), the public page's own (into dist too,
// vite.config.ts says why), the server renderers (dist-ssr), then the
// pages that read the same for every visitor rendered into HTML (dist/pages), from the same
// components the browser hydrates. One process, so both builds share one build date.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const root = resolve(import.meta.dirname, '..');
process.env.PBSHARE_BUILD_DATE ??= new Date().toISOString().slice(0, 10);

const appOutput = await build({ root, logLevel: 'warn' });
await build({ root, logLevel: 'warn', mode: 'public-page' });
await build({ root, logLevel: 'warn', build: { ssr: true } });

const { STATIC_PAGES, renderStaticPage } = await import(
  pathToFileURL(join(root, 'dist-ssr/static-pages.js')).href
);
const { bootScript } = await import(pathToFileURL(join(root, 'dist-ssr/page-boot.js')).href);

// /{username}'s document (the server fills it in for each profile): its scripts load once the
// opening picture has painted.
const publicDocument = join(root, 'dist/public-profile.html');
writeFileSync(
  publicDocument,
  withBootScript(readFileSync(publicDocument, 'utf8'), 'opening-picture'),
);

// The prerendered pages' document: the app's, with scripts that load after the first paint.
const template = join(root, 'dist/prerendered.html');
const shell = withBootScript(readFileSync(template, 'utf8'), 'first-paint');
mkdirSync(join(root, 'dist/pages'), { recursive: true });
for (const { path, file } of STATIC_PAGES) {
  const { markup, title } = await renderStaticPage(path);
  const html = shell
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(title ?? 'PBShare')}</title>`)
    .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);
  writeFileSync(join(root, 'dist/pages', file), html);
  process.stdout.write(
    `prerendered ${path} -> dist/pages/${file} (${Math.round(html.length / 1024)} KB)\n`,
  );
}

rmSync(template);

// /profile's document: the app's own, with the page's skeleton in #root so a slow network paints
// its shape before the script arrives (the app renders over it).
const { renderProfileShell } = await import(
  pathToFileURL(join(root, 'dist-ssr/profile-shell.js')).href
);
const appDocument = readFileSync(join(root, 'dist/index.html'), 'utf8');
mkdirSync(join(root, 'dist/shells'), { recursive: true });
writeFileSync(
  join(root, 'dist/shells/profile.html'),
  appDocument.replace(
    '<div id="root"></div>',
    () => `<div id="root">${renderProfileShell()}</div>`,
  ),
);

// The service worker, with the files it keeps for the signed-in app to open with no network
// (src/service-worker/sw.ts) written in where Workbox's convention leaves their list.
await build({ root, logLevel: 'warn', mode: 'service-worker' });
const workerFile = join(root, 'dist/sw.js');
const worker = readFileSync(workerFile, 'utf8');
if (!worker.includes('self.__WB_MANIFEST')) throw new Error('sw.js has no self.__WB_MANIFEST');
const precache = precacheList(appOutput);
writeFileSync(
  workerFile,
  worker.replace('self.__WB_MANIFEST', () => JSON.stringify(precache)),
);
process.stdout.write(`service worker keeps ${precache.length} files\n`);

/**
 * What the service worker keeps: every file of the app's build (not the public page's, which has
 * a build of its own), under hashed names that are their own revision, minus source maps and the
 * font's non-Latin subsets (fetched when a page needs them); and the documents and icons at fixed
 * addresses, each revised by its content's hash. `/profile` is the server's answer built from
 * shells/profile.html.
 */
function precacheList(output) {
  const outputs = (Array.isArray(output) ? output : [output]).flatMap((o) => o.output);
  const hashed = outputs
    .map((file) => file.fileName)
    .filter((name) => name.startsWith('assets/') && !name.endsWith('.map'))
    .filter((name) => !/\.woff2$/.test(name) || /latin/.test(name))
    .map((name) => ({ url: `/${name}`, revision: null }));
  const fixed = {
    '/index.html': 'index.html',
    '/profile': 'shells/profile.html',
    '/manifest.webmanifest': 'manifest.webmanifest',
    '/favicon.svg': 'favicon.svg',
    '/icons/icon-192.png': 'icons/icon-192.png',
  };
  const revised = Object.entries(fixed).map(([url, file]) => ({
    url,
    revision: createHash('sha256')
      .update(readFileSync(join(root, 'dist', file)))
      .digest('hex')
      .slice(0, 16),
  }));
  return [...revised, ...hashed];
}

/**
 * The document with its entry script and the entry's module preloads replaced by the inline boot
 * script (src/entries/page-boot.ts), which imports the entry once the page has painted: a script
 * file listed in the document is fetched before the first paint, however small. The server allows
 * the boot script by its hash (apps/server/src/web/inline-scripts.ts).
 */
function withBootScript(html, wait) {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
  if (!entry) throw new Error('the document has no entry script for the boot script to load');
  const boot = `<script data-entry="${entry[1]}" data-wait="${wait}">${bootScript()}</script>`;
  return html.replace(entry[0], () => boot).replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
}

function escapeHtml(text) {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}
