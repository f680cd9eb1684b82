import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Font } from 'satori';

/**
 * Inter, the web app's typeface, read from the @fontsource/inter package (WOFF: satori does not
 * read WOFF2). Text is drawn as paths from these bytes, so an image looks the same on any machine,
 * with or without system fonts.
 */
export const FONT_FAMILY = 'Inter';
export const FONT_WEIGHTS = [400, 600, 800] as const;
export type FontWeight = (typeof FONT_WEIGHTS)[number];

/** Fontsource's per-script files of the font; together they are every character it draws. */
const SUBSETS = [
  'latin',
  'latin-ext',
  'cyrillic',
  'cyrillic-ext',
  'greek',
  'greek-ext',
  'vietnamese',
] as const;

const require = createRequire(import.meta.url);
const unicodeRanges = require('@fontsource/inter/unicode.json') as Record<string, string>;

let loading: Promise<Font[]> | undefined;

/** The fonts, read once per process. Satori caches their parsing per array, so it is reused. */
export function previewFonts(): Promise<Font[]> {
  loading ??= Promise.all(
    FONT_WEIGHTS.flatMap((weight) =>
      SUBSETS.map(async (subset) => ({
        name: FONT_FAMILY,
        weight,
        style: 'normal' as const,
        data: await readFile(
          require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`),
        ),
      })),
    ),
  );
  return loading;
}

/** [first, last] code points the font covers, from Fontsource's unicode-range of each subset. */
const COVERED: readonly (readonly [number, number])[] = SUBSETS.flatMap((subset) =>
  (unicodeRanges[subset] ?? '').split(',').map((range) => {
    const [first = '0', last = first] = range.trim().replace(/^U\+/i, '').split('-');
    return [parseInt(first, 16), parseInt(last, 16)] as const;
  }),
);

function isCovered(codePoint: number): boolean {
  return COVERED.some(([first, last]) => codePoint >= first && codePoint <= last);
}

/**
 * `text` without the characters the font has no glyph for (emoji, CJK and other scripts), which
 * would otherwise be drawn as boxes, with control characters as spaces and runs of spaces
 * squeezed to one.
 */
export function drawableText(text: string): string {
  let kept = '';
  for (const char of text.replace(/\p{Cc}/gu, ' ')) {
    if (isCovered(char.codePointAt(0) ?? 0)) kept += char;
  }
  return kept.replace(/\s+/g, ' ').trim();
}
