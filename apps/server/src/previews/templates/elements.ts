import { FONT_FAMILY } from '../fonts.js';

/**
 * The element trees satori lays out: the shape React elements have, built without React. Satori
 * lays out every element as a flex box, so `box` is one unless told otherwise.
 */
export interface Element {
  type: string;
  key: null;
  props: Record<string, unknown>;
}
export type Style = Record<string, string | number>;
type Child = Element | string | null;

/** The brand, as in apps/web/src/index.css. */
export const BRAND = {
  ink: '#0b0d12',
  inkSoft: '#171a22',
  primary: '#d9360b',
  bright: '#ff6a2b',
  glow: '#ffb38f',
  logoLight: '#ff7a3d',
} as const;

export const BRAND_GRADIENT = `linear-gradient(135deg, ${BRAND.logoLight} 0%, ${BRAND.primary} 100%)`;

export function box(style: Style, ...children: Child[]): Element {
  return {
    type: 'div',
    key: null,
    props: {
      style: { display: 'flex', boxSizing: 'border-box', ...style },
      children: children.filter(isPresent),
    },
  };
}

/**
 * The least line height that holds Inter's glyphs whole: they reach from 0.97 em above the
 * baseline to 0.24 em below it ('g', 'y'), and a box that hides its overflow cuts what sticks out.
 */
const WHOLE_GLYPHS = 1.25;

/**
 * Room at the sides of a line that hides its overflow, taken back by its margins so the text
 * stays where it was: a glyph's ink may reach past its advance ('j' to the left, tight spacing
 * to the right), and the box would cut it.
 */
const INK_ROOM = {
  paddingLeft: '0.1em',
  paddingRight: '0.1em',
  marginLeft: '-0.1em',
  marginRight: '-0.1em',
} as const;

/** One line of text, cut with an ellipsis when it does not fit. */
export function line(style: Style, content: string): Element {
  return {
    type: 'div',
    key: null,
    props: {
      style: {
        whiteSpace: 'nowrap',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        lineHeight: WHOLE_GLYPHS,
        ...INK_ROOM,
        ...style,
      },
      children: content,
    },
  };
}

/** Text over at most `lines` lines, the last cut with an ellipsis. */
export function paragraph(style: Style, content: string, lines: number): Element {
  return {
    type: 'div',
    key: null,
    props: { style: { display: 'block', lineClamp: lines, ...style }, children: content },
  };
}

export function image(src: string, width: number, height: number, style: Style = {}): Element {
  return {
    type: 'img',
    key: null,
    props: { src, width, height, style: { width, height, flexShrink: 0, ...style } },
  };
}

/** The root of an image: its size, the font and the ink background. */
export function canvas(width: number, height: number, ...children: Child[]): Element {
  return box(
    {
      position: 'relative',
      width,
      height,
      fontFamily: FONT_FAMILY,
      color: 'white',
      backgroundColor: BRAND.ink,
    },
    ...children,
  );
}

function isPresent(child: Child): child is Element | string {
  return child !== null;
}
