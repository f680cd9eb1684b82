import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const theme = readFileSync(join(import.meta.dirname, 'theme.css'), 'utf8');

function token(name: string): [number, number, number] {
  const hex = new RegExp(`--color-${name}:\\s*#([0-9a-f]{6});`, 'i').exec(theme)?.[1];
  if (!hex) throw new Error(`--color-${name} is not a six-digit hex colour`);
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

function hue([r, g, b]: [number, number, number]): number {
  const [rr, gg, bb] = [r / 255, g / 255, b / 255];
  const max = Math.max(rr, gg, bb);
  const d = max - Math.min(rr, gg, bb);
  if (d === 0) return 0;
  const h = max === rr ? ((gg - bb) / d) % 6 : max === gg ? (bb - rr) / d + 2 : (rr - gg) / d + 4;
  return (h * 60 + 360) % 360;
}

function luminance(rgb: [number, number, number]): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: [number, number, number], b: [number, number, number]): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
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
});
