import { PRODUCT_NAME } from '@pbshare/shared';
import { drawableText } from '../fonts.js';
import { BRAND, BRAND_GRADIENT, box, image, line, type Element, type Style } from './elements.js';

/** The pictures a template draws, as data URIs already cut to their boxes; null when missing. */
export interface Art {
  picture: string | null;
  avatar: string | null;
}

const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${BRAND.logoLight}"/><stop offset="1" stop-color="${BRAND.primary}"/></linearGradient></defs><rect width="32" height="32" rx="9" fill="url(#g)"/><path d="M8.5 20.5l4.75-5.25 3.5 3 6.25-7.75" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/><circle cx="23.25" cy="10.75" r="1.9" fill="#fff"/></svg>`;
const LOGO_URI = `data:image/svg+xml;base64,${Buffer.from(LOGO_SVG).toString('base64')}`;

/** The PBShare mark (the web app's LogoMark) and, with a font size, the name beside it. */
export function logo(size: number, nameSize?: number): Element {
  return box(
    { alignItems: 'center', gap: size * 0.3 },
    image(LOGO_URI, size, size),
    nameSize ? line({ fontSize: nameSize, fontWeight: 800 }, PRODUCT_NAME) : null,
  );
}

/** The avatar in a circle with a light ring, or the name's initial on the brand gradient. */
export function avatar(art: Art, name: string, size: number): Element {
  const ring = Math.max(3, Math.round(size / 24));
  const inner = size - 2 * ring;
  return box(
    {
      width: size,
      height: size,
      flexShrink: 0,
      borderRadius: size / 2,
      border: `${ring}px solid rgba(255,255,255,0.75)`,
      overflow: 'hidden',
      alignItems: 'center',
      justifyContent: 'center',
      backgroundImage: BRAND_GRADIENT,
      fontSize: size * 0.46,
      fontWeight: 800,
    },
    art.avatar ? image(art.avatar, inner, inner) : initial(name),
  );
}

/** The PB's picture filling its box, or the brand gradient with the mark when it has none. */
export function picture(art: Art, width: number, height: number, style: Style = {}): Element {
  if (art.picture) return image(art.picture, width, height, style);
  return box(
    {
      width,
      height,
      flexShrink: 0,
      alignItems: 'center',
      justifyContent: 'center',
      backgroundImage: `linear-gradient(160deg, ${BRAND.bright} 0%, ${BRAND.primary} 55%, ${BRAND.ink} 100%)`,
      ...style,
    },
    box(
      { opacity: 0.35 },
      image(LOGO_URI, Math.min(width, height) / 3, Math.min(width, height) / 3),
    ),
  );
}

/** The category as the story viewer shows it: a small uppercase pill. */
export function categoryPill(category: string, fontSize: number): Element {
  return pill(drawableText(category), fontSize, { textTransform: 'uppercase' });
}

// Lucide's "sparkles", the icon beside the viewer's 'New PB'.
const SPARKLES_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M9.937 15.5A2 2 0 0 0 8.5 14.063l-6.135-1.582a.5.5 0 0 1 0-.962L8.5 9.936A2 2 0 0 0 9.937 8.5l1.582-6.135a.5.5 0 0 1 .963 0L14.063 8.5A2 2 0 0 0 15.5 9.937l6.135 1.581a.5.5 0 0 1 0 .964L15.5 14.063a2 2 0 0 0-1.437 1.437l-1.582 6.135a.5.5 0 0 1-.963 0z"/><path d="M20 3v4"/><path d="M22 5h-4"/><path d="M4 17v2"/><path d="M5 18H3"/></svg>`;
const SPARKLES_URI = `data:image/svg+xml;base64,${Buffer.from(SPARKLES_SVG).toString('base64')}`;

/** The viewer's 'New PB' badge: the brand colour, so it stands out beside the category. */
export function newPbPill(fontSize: number): Element {
  return pill(
    'New PB',
    fontSize,
    { textTransform: 'uppercase', fontWeight: 800, backgroundColor: BRAND.primary },
    image(SPARKLES_URI, fontSize, fontSize, { marginRight: fontSize * 0.35 }),
  );
}

/** A count as the viewer's sets and reps badges show it: '3 sets', '5 reps'. */
export function countPill(text: string, fontSize: number): Element {
  return pill(text, fontSize, { padding: `${fontSize * 0.4}px ${fontSize * 0.9}px` });
}

/** A rounded label on a light wash, as the story viewer draws its badges. */
function pill(text: string, fontSize: number, style: Style, icon: Element | null = null): Element {
  return box(
    {
      alignSelf: 'flex-start',
      alignItems: 'center',
      padding: `${fontSize * 0.45}px ${fontSize}px`,
      borderRadius: fontSize * 2,
      backgroundColor: 'rgba(255,255,255,0.16)',
      border: '1px solid rgba(255,255,255,0.18)',
      fontSize,
      fontWeight: 600,
      letterSpacing: style.textTransform === 'uppercase' ? fontSize * 0.08 : 0,
      lineHeight: 1.25,
      ...style,
    },
    icon,
    text,
  );
}

/** The PB's value in the viewer's heavy figures, smaller when it is long so it stays one line. */
export function value(text: string, fontSize: number, style: Style = {}): Element {
  const drawn = drawableText(text);
  const size = drawn.length > 8 ? Math.round((fontSize * 8) / drawn.length) : fontSize;
  return line({ fontSize: size, fontWeight: 800, letterSpacing: -size * 0.02, ...style }, drawn);
}

/** What a title draws as: itself, or the category when none of its characters can be drawn. */
export function titleText(title: string, category: string): string {
  return drawableText(title) || drawableText(category);
}

function initial(name: string): string {
  return (drawableText(name).charAt(0) || '?').toUpperCase();
}
