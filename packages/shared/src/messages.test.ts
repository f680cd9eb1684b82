/// <reference types="node" />
// This test reads the apps' sources from disk; the package itself stays free of Node's types.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MEDIA_MESSAGES } from './media-limits.js';
import * as catalogue from './messages.js';
import { MODERATION_MESSAGES } from './moderation.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const APP_SOURCES = ['apps/server/src', 'apps/web/src'];

/** Every message of the shared catalogue, by where it is exported ('PB_MESSAGES.updated'). */
const MESSAGES: readonly (readonly [name: string, text: string])[] = Object.entries({
  ...catalogue,
  MEDIA_MESSAGES,
  MODERATION_MESSAGES,
}).flatMap(([group, texts]) =>
  Object.entries(texts).map(([key, text]) => [`${group}.${key}`, text] as const),
);

/** Tests and their fixtures spell out the words they expect on purpose. */
function isTestCode(path: string): boolean {
  return /\.test\.tsx?$/.test(path) || path.split(sep).includes('test');
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => /\.tsx?$/.test(path) && !isTestCode(path));
}

/**
 * Whether `source` writes `text` out: in quotes or as JSX text, however prettier wrapped it and
 * whichever way an apostrophe is escaped.
 */
function writesOut(source: string, text: string): boolean {
  const flat = source.replace(/\s+/g, ' ');
  const spellings = [text, text.replaceAll("'", "\\'"), text.replaceAll("'", '&apos;')];
  return spellings.some((spelling) => flat.includes(spelling));
}

describe('the shared message catalogue', () => {
  it('has unique messages', () => {
    const texts = MESSAGES.map(([, text]) => text);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('finds a message however it is written', () => {
    const text = catalogue.PB_MESSAGES.notFound;
    expect(writesOut(`throw new AppError('NOT_FOUND', "${text}");`, text)).toBe(true);
    expect(writesOut(`const m =\n  '${text.replaceAll("'", "\\'")}';`, text)).toBe(true);
    expect(writesOut(`<p>\n  ${text.replace(' edit ', ' edit\n    ')}\n</p>`, text)).toBe(true);
    expect(writesOut('throw new AppError(PB_MESSAGES.notFound);', text)).toBe(false);
  });

  it('is the only place the apps take these messages from', () => {
    const files = APP_SOURCES.flatMap((dir) => sourceFiles(join(ROOT, dir)));
    // A wrong root would find nothing and pass.
    expect(files.length).toBeGreaterThan(200);
    const repeated = files.flatMap((file) => {
      const source = readFileSync(file, 'utf8');
      return MESSAGES.filter(([, text]) => writesOut(source, text)).map(
        ([name]) =>
          `${relative(ROOT, file)} writes out ${name} (in code or a comment): use the constant`,
      );
    });
    expect(repeated).toEqual([]);
  });
});
