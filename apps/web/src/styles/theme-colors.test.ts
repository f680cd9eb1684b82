import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

import {
  classLists,
  contrast,
  isLargeText,
  over,
  paintOf,
  themeColours,
  type Rgb,
} from './class-colours';

const theme = readFileSync(join(import.meta.dirname, 'theme.css'), 'utf8');
const colours = themeColours(theme);

function hue([r, g, b]: Rgb): number {
  const [rr, gg, bb] = [r / 255, g / 255, b / 255];
  const max = Math.max(rr, gg, bb);
  const d = max - Math.min(rr, gg, bb);
  if (d === 0) return 0;
  const h = max === rr ? ((gg - bb) / d) % 6 : max === gg ? (bb - rr) / d + 2 : (rr - gg) / d + 4;
  return (h * 60 + 360) % 360;
}

describe('theme colours', () => {
  it('draws focus in a hue far from the error red and the brand', () => {
    const ring = hue(token('ring'));
    for (const other of ['destructive', 'primary']) {
      const apart = Math.abs(ring - hue(token(other)));
      expect(Math.min(apart, 360 - apart)).toBeGreaterThan(90);
    }
  });

  it('keeps the focus ring at 3:1 or more against the page (WCAG non-text contrast)', () => {
    expect(contrast(token('ring'), token('background'))).toBeGreaterThanOrEqual(3);
  });

  // Each text colour and the surfaces it is meant for (WCAG AA: 4.5:1 for normal text).
  const TEXT_ON: Record<string, readonly string[]> = {
    foreground: ['background', 'muted', 'secondary', 'secondary-hover', 'primary-soft'],
    'muted-foreground': ['background', 'muted', 'secondary', 'primary-soft', 'destructive-soft'],
    'secondary-foreground': ['secondary', 'secondary-hover'],
    // The brand and the error red are text on the page itself; on a tint they take -strong.
    primary: ['background'],
    'primary-strong': ['background', 'muted', 'secondary', 'primary-soft'],
    destructive: ['background'],
    success: ['background'],
    'success-strong': ['background', 'muted'],
    'primary-foreground': ['primary', 'primary-hover', 'ink', 'ink-soft'],
    'destructive-foreground': ['destructive', 'destructive-hover'],
    'brand-glow': ['ink', 'ink-soft'],
  };

  it.each(Object.entries(TEXT_ON))('keeps text-%s at 4.5:1 on its surfaces', (text, surfaces) => {
    for (const surface of surfaces) {
      const ratio = contrast(token(text), token(surface));
      expect(ratio, `text-${text} on bg-${surface}: ${ratio.toFixed(2)}:1`).toBeGreaterThanOrEqual(
        4.5,
      );
    }
  });

  // Icons alone, beside text that says what they mean: decoration, which WCAG does not measure.
  const DECORATION = new Set(['components/ui/icon-badge.tsx']);

  it('keeps every class list that sets a text and a background colour at AA', () => {
    const source = join(import.meta.dirname, '..');
    const page = token('background');
    const checked: string[] = [];
    const failing: string[] = [];
    for (const file of sourceFiles(source)) {
      if (DECORATION.has(relative(source, file))) continue;
      for (const classes of classLists(readFileSync(file, 'utf8'))) {
        const text = paintOf(classes, 'text', colours);
        const bg = paintOf(classes, 'bg', colours);
        // White or black washes sit over photos and dark frames, whose colour is not known here.
        if (
          !text ||
          !bg ||
          (bg.alpha < 1 && ['bg-white', 'bg-black'].some((c) => bg.name.startsWith(c)))
        ) {
          continue;
        }
        const surface = over(bg, page);
        const ratio = contrast(over(text, surface), surface);
        const needed = isLargeText(classes) ? 3 : 4.5;
        const where = `${relative(source, file)}: ${text.name} on ${bg.name} (${ratio.toFixed(2)}:1)`;
        checked.push(where);
        if (ratio < needed) failing.push(where);
      }
    }
    // The scan itself still finds the app's coloured labels, badges and buttons.
    expect(checked.length).toBeGreaterThan(15);
    expect(failing).toEqual([]);
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function token(name: string): Rgb {
  const rgb = colours.get(name);
  if (!rgb) throw new Error(`--color-${name} is not a six-digit hex colour`);
  return rgb;
}
