import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every module here that renders or hydrates a tree does it in Providers, so a provider added there
// reaches every page, the landing page and /{username} included.
const folder = import.meta.dirname;
const renderers = readdirSync(folder)
  .filter((file) => file.endsWith('.tsx') && !file.includes('.test.'))
  .map((file) => ({ file, source: readFileSync(join(folder, file), 'utf8') }))
  .filter(({ source }) => /\b(createRoot|hydrateRoot|renderToString)\(/.test(source));

describe('Providers', () => {
  it('finds every entry that renders: index.html, /, the pages rendered ahead, /{username}', () => {
    expect(renderers.map(({ file }) => file).sort()).toEqual([
      'hydrate-landing.tsx',
      'hydrate-prerendered.tsx',
      'main.tsx',
      'public.tsx',
      'render-public-page.tsx',
      'render-static-pages.tsx',
    ]);
  });

  it.each(renderers)('wraps the tree of $file', ({ source }) => {
    expect(source).toContain('<Providers>');
  });
});
