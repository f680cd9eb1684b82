import satori from 'satori';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { previewFonts } from '../fonts.js';
import { PREVIEW_SIZES, type PbFacts, type PreviewFacts } from '../preview-facts.js';
import type { Element } from './elements.js';
import { drawPreview } from './index.js';

/** Pixels of the image `tree` draws, as raw RGBA. */
async function pixels(tree: Element, size: { width: number; height: number }): Promise<Buffer> {
  const svg = await satori(tree, { ...size, fonts: await previewFonts() });
  return sharp(Buffer.from(svg)).raw().toBuffer();
}

/**
 * `tree` with every text box left unclipped: the same layout (overflow takes no room), so any
 * pixel that differs from the clipped drawing is a glyph its box cut off.
 */
function unclipped(tree: Element): Element {
  const { children, style } = tree.props as { children: unknown; style?: Record<string, unknown> };
  if (typeof children === 'string') {
    return { ...tree, props: { ...tree.props, style: { ...style, overflow: 'visible' } } };
  }
  if (!Array.isArray(children)) return tree;
  return {
    ...tree,
    props: {
      ...tree.props,
      children: children.map((child: unknown) =>
        typeof child === 'object' && child !== null ? unclipped(child as Element) : child,
      ),
    },
  };
}

/**
 * How many pixels differ clearly between two RGBA buffers of one size. A clip path shifts the
 * anti-aliasing of a glyph's edge by a few levels; a cut-off stroke differs by far more.
 */
function differing(a: Buffer, b: Buffer): number {
  let count = 0;
  for (let i = 0; i < a.length; i += 4) {
    const most = Math.max(...[0, 1, 2].map((c) => Math.abs((a[i + c] ?? 0) - (b[i + c] ?? 0))));
    if (most > 24) count += 1;
  }
  return count;
}

// Descenders in every line ('150 kg', the title, the name, the address), and a 'j' that reaches
// left of its box.
const owner = { name: 'jpgy', handle: 'pbshare.app/jpgy', avatar: null };
const pb: PbFacts = {
  title: 'Squat jumping',
  category: 'Weight Training',
  value: '150 kg',
  date: 'January 9, 2026',
  picture: null,
};

describe('text in the preview images', () => {
  const cases: PreviewFacts[] = [
    { kind: 'pb', owner, pb },
    {
      kind: 'story',
      owner,
      pb: { ...pb, sets: 3, reps: 5, newPb: true, change: '+5 kg from 145 kg' },
    },
    { kind: 'profile', owner, pbCount: 1, pb },
  ];

  it.each(cases)(
    'is never cut by its box in the $kind image',
    { timeout: 20_000 },
    async (facts) => {
      const art = { picture: null, avatar: null };
      const tree = drawPreview(facts, art);
      const size = PREVIEW_SIZES[facts.kind];
      const [drawn, whole] = await Promise.all([pixels(tree, size), pixels(unclipped(tree), size)]);
      expect(differing(drawn, whole)).toBe(0);
    },
  );
});
