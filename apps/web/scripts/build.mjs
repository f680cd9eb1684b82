#!/usr/bin/env node
// The web app's build: the app's browser bundles (dist), the public page's own (into dist too,
// vite.config.ts says why), the server renderers (dist-ssr), then the
// pages that read the same for every visitor rendered into HTML (dist/pages), from the same
// components the browser hydrates. One process, so both builds share one build date.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
const shell = readFileSync(join(root, 'dist/index.html'), 'utf8');
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

function escapeHtml(text) {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}
