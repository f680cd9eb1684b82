#!/usr/bin/env node
// The web app's build: the app's browser bundles (dist), the public page's own (into dist too,
// vite.config.ts says why), the server renderers (dist-ssr), then the
// pages that read the same for every visitor rendered into HTML (dist/pages), from the same
// components the browser hydrates. One process, so both builds share one build date.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const root = resolve(import.meta.dirname, '..');
process.env.PBSHARE_BUILD_DATE ??= new Date().toISOString().slice(0, 10);

await build({ root, logLevel: 'warn' });
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
