/**
 * Reads the text and background colours that Tailwind class lists name, so a test can measure
 * their contrast (theme-colors.test.ts). Only the theme's tokens and white and black are known;
 * arbitrary values, gradients and variants (hover:, disabled:, placeholder: ...) are left out.
 */

export type Rgb = readonly [number, number, number];

/** A colour with its opacity (the /NN of `bg-muted/60`), 1 when opaque. */
export interface Paint {
  name: string;
  rgb: Rgb;
  alpha: number;
}

/** `--color-NAME: #rrggbb;` declarations of a stylesheet, plus white and black. */
export function themeColours(css: string): Map<string, Rgb> {
  const colours = new Map<string, Rgb>([
    ['white', [255, 255, 255]],
    ['black', [0, 0, 0]],
  ]);
  for (const [, name = '', hex = ''] of css.matchAll(/--color-([\w-]+):\s*#([0-9a-f]{6});/gi)) {
    colours.set(name, [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as unknown as Rgb);
  }
  return colours;
}

/** The colour a class list gives to `kind` ('text' or 'bg') without a variant, if a known one. */
export function paintOf(
  classes: readonly string[],
  kind: 'text' | 'bg',
  colours: Map<string, Rgb>,
): Paint | undefined {
  for (const cls of classes) {
    const match = new RegExp(`^${kind}-([a-z-]+?)(?:/(\\d+))?$`).exec(cls);
    const rgb = match?.[1] ? colours.get(match[1]) : undefined;
    if (match?.[1] && rgb) {
      return { name: cls, rgb, alpha: match[2] ? Number(match[2]) / 100 : 1 };
    }
  }
  return undefined;
}

/** `top` painted over the opaque `under`. */
export function over(top: Paint, under: Rgb): Rgb {
  return top.rgb.map((c, i) => c * top.alpha + (under[i] ?? 0) * (1 - top.alpha)) as unknown as Rgb;
}

function luminance(rgb: Rgb): number {
  const [r = 0, g = 0, b = 0] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG's contrast ratio, from 1 to 21. */
export function contrast(a: Rgb, b: Rgb): number {
  const [hi = 0, lo = 0] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * WCAG's large text, held to 3:1 instead of 4.5:1: 24 px and up, or 18.66 px and up in bold.
 * Tailwind's text-2xl (24 px) and larger, or text-xl (20 px) in a bold weight.
 */
export function isLargeText(classes: readonly string[]): boolean {
  if (classes.some((cls) => /^(?:\w+:)*text-([2-9]xl)$/.test(cls))) return true;
  const bold = classes.some((cls) => /^font-(semibold|bold|extrabold|black)$/.test(cls));
  return bold && classes.includes('text-xl');
}

/** Every string literal of a source file that reads as a class list setting a text colour. */
export function classLists(source: string): string[][] {
  const lists: string[][] = [];
  for (const [, , body = ''] of source.matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)) {
    const classes = body.split(/\s+/).filter(Boolean);
    if (classes.some((cls) => cls.startsWith('text-'))) lists.push(classes);
  }
  return lists;
}
