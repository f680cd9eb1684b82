#!/usr/bin/env node
// The web app's build: the app's browser bundles (dist), the public page's own (into dist too,
// vite.config.ts says why), the server renderers (dist-ssr), then the
// pages that read the same for every visitor rendered into HTML (dist/pages), from the same
// components the browser hydrates. One process, so both builds share one build date.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
// The prerendered pages' document: the app's, with an entry that hydrates after the first paint.
const template = join(root, 'dist/prerendered.html');
const shell = withFontPreload(readFileSync(template, 'utf8'));
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

/**
 * The latin Inter file, preloaded: the page paints with it rather than swapping fonts a moment
 * later, which moves every line of text (a layout shift).
 */
function withFontPreload(html) {
  const font = readdirSync(join(root, 'dist/assets')).find((name) =>
    /^inter-latin-wght-normal-.*\.woff2$/.test(name),
  );
  if (!font) return html;
  const link = `<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/${font}" />`;
  return html.replace('</title>', () => `</title>\n    ${link}`);
}

function escapeHtml(text) {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}
