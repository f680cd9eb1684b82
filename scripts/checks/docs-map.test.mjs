import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { docsMapProblems, relativeLinks } from './docs-map.mjs';

const root = resolve(import.meta.dirname, '../..');

describe('the docs map', () => {
  it('keeps its sizes, its record names and its links', () => {
    expect(docsMapProblems(root)).toEqual([]);
  });
});

describe('docsMapProblems', () => {
  const fixture = mkdtempSync(join(tmpdir(), 'pbshare-docs-map-'));
  afterAll(() => rmSync(fixture, { recursive: true, force: true }));
  const write = (path, text) => {
    mkdirSync(dirname(join(fixture, path)), { recursive: true });
    writeFileSync(join(fixture, path), text);
  };
  const lines = (n) => 'a line\n'.repeat(n);

  it('names each doc over its size, each misnamed record and each broken link', () => {
    write('ARCHITECTURE.md', `${lines(201)}[ok](docs/a.md) [gone](docs/gone.md)\n`);
    write('docs/a.md', lines(150));
    write('docs/PRODUCT.md', lines(400));
    write('docs/architecture/b.md', `${lines(151)}[up](../a.md#part) [away](../../nowhere.md)\n`);
    write('docs/decisions/0001-fine-name.md', '[rooted](/docs/a.md) [missing](/docs/x.md)\n');
    write('docs/decisions/12-short.md', '');
    write('docs/decisions/0002_Snake.md', '');

    expect(docsMapProblems(fixture).sort()).toEqual(
      [
        'ARCHITECTURE.md: 202 lines, more than 200',
        'ARCHITECTURE.md: links to docs/gone.md, which does not exist',
        'docs/architecture/b.md: 152 lines, more than 150',
        'docs/architecture/b.md: links to ../../nowhere.md, which does not exist',
        'docs/decisions/0001-fine-name.md: links to /docs/x.md, which does not exist',
        'docs/decisions/12-short.md: not named NNNN-title.md',
        'docs/decisions/0002_Snake.md: not named NNNN-title.md',
      ].sort(),
    );
  });
});

describe('relativeLinks', () => {
  it('reads inline, image and reference links, not code, other sites or anchors', () => {
    const markdown = [
      'See [a](a.md), ![b](img/b.png "title") and [c](<with space.md>).',
      '[d]: ../d.md',
      'Not `[code](code.md)`, [site](https://example.com), [mail](mailto:x@y.z) or [here](#here).',
      '```md',
      '[fenced](fenced.md)',
      '```',
      '[e](e.md#part) [f](f%20g.md)',
    ].join('\n');
    expect(relativeLinks(markdown)).toEqual([
      'a.md',
      'img/b.png',
      'with space.md',
      'e.md',
      'f g.md',
      '../d.md',
    ]);
  });
});
