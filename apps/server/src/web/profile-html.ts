import {
  type InlineProfilePage,
  DEFAULT_PROFILE_DESCRIPTION,
  INLINE_PROFILE_ELEMENT_ID,
  MODERATION_MESSAGES,
  PRODUCT_NAME,
  STORY_MEDIA_SIZES,
  storyBackdropUrl,
  storyImageSrcSet,
  type PublicPb,
  type PublicProfile,
} from '@pbshare/shared';
import type { PreviewImage, PreviewLinks } from '../previews/preview-links.js';
import { escapeHtml } from '../security/escape-html.js';
import type { PublicPageRenderer } from './page-renderer.js';

/** Longest description a link preview shows in full; a longer story is cut at a word. */
const DESCRIPTION_MAX = 160;

/**
 * JSON that is safe inside a <script> element: no `</script>`, `<!--` or line separators can end
 * the element or confuse the parser, whatever a bio or story contains.
 */
export function jsonForScript(data: unknown): string {
  return JSON.stringify(data)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/**
 * Preloads of the opening slide's pictures, exactly as the viewer asks for them (same URLs, same
 * srcset and sizes), so they download with the scripts rather than after the viewer has rendered.
 */
function openingSlidePreloads(pb: PublicPb | undefined): string[] {
  const media = pb?.media;
  if (!media?.fullUrl) return [];
  const links: string[] = [];
  if (media.type === 'image') {
    const srcset = storyImageSrcSet(media);
    const responsive = srcset
      ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(STORY_MEDIA_SIZES)}"`
      : '';
    links.push(
      `<link rel="preload" as="image" href="${escapeHtml(media.fullUrl)}"${responsive} fetchpriority="high" />`,
    );
  }
  const backdrop = storyBackdropUrl(media);
  if (backdrop) links.push(`<link rel="preload" as="image" href="${escapeHtml(backdrop)}" />`);
  return links;
}

export interface ProfilePageOptions {
  origin: string;
  username: string;
  profile: PublicProfile | undefined;
  /** With no profile: moderation has suspended the person, and the page says it is not available. */
  unavailable?: boolean;
  /** The PB the link opens at (one of the profile's visible PBs), for /{username}/{pbId}. */
  pb?: PublicPb;
  /** The addresses of the profile's preview images. */
  previews: Pick<PreviewLinks, 'profilePreview' | 'pbPreview'>;
  /**
   * The page's first paint, rendered from the same props the browser hydrates it with, and its
   * form for a browser that runs no script.
   */
  render?: PublicPageRenderer | undefined;
}

/** What a link preview shows of the page: the profile's, or the linked PB's. */
interface PageHead {
  type: 'profile' | 'article';
  title: string;
  description: string;
  url: string;
  image: PreviewImage;
  imageAlt: string;
}

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}

function pageHead(
  origin: string,
  profile: PublicProfile,
  pb: PublicPb | undefined,
  previews: Pick<PreviewLinks, 'profilePreview' | 'pbPreview'>,
): PageHead {
  const name = profile.user.displayName;
  const profileUrl = `${origin}/${encodeURIComponent(name)}`;
  if (!pb) {
    return {
      type: 'profile',
      title: `${name} Personal Bests`,
      description: profile.user.bio.trim() || DEFAULT_PROFILE_DESCRIPTION,
      url: profileUrl,
      image: previews.profilePreview(profile),
      imageAlt: `Personal bests of ${name} on ${PRODUCT_NAME}`,
    };
  }
  const record = `${pb.title}: ${pb.displayValue}`;
  return {
    type: 'article',
    title: `${record} · ${name}`,
    description: clip(
      pb.story.trim() ||
        `A personal best of ${name}, with the story behind it, on ${PRODUCT_NAME}.`,
      DESCRIPTION_MAX,
    ),
    url: `${profileUrl}/${encodeURIComponent(pb.id)}`,
    image: previews.pbPreview(profile, pb),
    imageAlt: `${record}, a personal best of ${name}`,
  };
}

/**
 * The public page's document (public-profile.html) for /{username} and /{username}/{pbId}: the
 * head a link preview needs (title, description, Open Graph, Twitter card with the preview image,
 * canonical URL), a preload of the opening picture, the viewer's markup in #root and the props it
 * was rendered from inline, which the page's script hydrates without a request, and before #root
 * the list of PBs a browser without script shows instead. `profile` undefined means no such
 * person: the page says so and is not indexed.
 */
export function renderProfilePage(template: string, options: ProfilePageOptions): string {
  const { origin, username, profile, pb, previews, render } = options;
  // `unavailable` tells the page's script why there is no profile, so it can say so too.
  const page: InlineProfilePage = pb
    ? { username, profile: profile ?? null, pbId: pb.id }
    : { username, profile: profile ?? null, ...(options.unavailable && { unavailable: true }) };
  const inline = `<script type="application/json" id="${INLINE_PROFILE_ELEMENT_ID}">${jsonForScript(page)}</script>`;

  let head: string;
  if (profile) {
    const shown = pageHead(origin, profile, pb, previews);
    const { image } = shown;
    const meta: [string, string, string][] = [
      ['name', 'description', shown.description],
      ['property', 'og:type', shown.type],
      ['property', 'og:site_name', PRODUCT_NAME],
      ['property', 'og:title', shown.title],
      ['property', 'og:description', shown.description],
      ['property', 'og:url', shown.url],
      ['property', 'og:image', image.url],
      ['property', 'og:image:type', image.type],
      ['property', 'og:image:width', String(image.width)],
      ['property', 'og:image:height', String(image.height)],
      ['property', 'og:image:alt', shown.imageAlt],
      ['name', 'twitter:card', 'summary_large_image'],
      ['name', 'twitter:title', shown.title],
      ['name', 'twitter:description', shown.description],
      ['name', 'twitter:image', image.url],
      ['name', 'twitter:image:alt', shown.imageAlt],
    ];
    head = [
      `<title>${escapeHtml(shown.title)}</title>`,
      ...meta.map(
        ([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`,
      ),
      `<link rel="canonical" href="${escapeHtml(shown.url)}" />`,
      ...openingSlidePreloads(pb ?? profile.pbs[0]),
    ].join('\n    ');
  } else {
    const [title, description] = options.unavailable
      ? ['Profile Not Available', MODERATION_MESSAGES.profileUnavailable]
      : ['Profile Not Found', DEFAULT_PROFILE_DESCRIPTION];
    head = [
      `<title>${escapeHtml(title)} · ${PRODUCT_NAME}</title>`,
      `<meta name="description" content="${escapeHtml(description)}" />`,
      '<meta name="robots" content="noindex" />',
    ].join('\n    ');
  }

  const markup = render ? render.root(page) : '';
  const withoutScript = render?.withoutScript?.(page) ?? '';
  // Without script the story's controls would do nothing, so the story (#root) is hidden and the
  // list of PBs shows instead. A browser that runs scripts reads <noscript> as text: no picture
  // or video in it is fetched.
  const root = withoutScript
    ? `<noscript><style>#root{display:none}</style>${withoutScript}</noscript><div id="root">${markup}</div>`
    : `<div id="root">${markup}</div>`;
  // The head goes where the template's title was, ahead of the build's scripts and stylesheet,
  // so the opening picture's preload is the first request the browser makes after the document.
  // Replacer functions: a `$&` or `$'` in someone's story must not read as a pattern.
  return template
    .replace(/<meta\s+name="description"[\s\S]*?\/?>/, '')
    .replace(/<title>[\s\S]*?<\/title>/, () => head)
    .replace('</head>', () => `    ${inline}\n  </head>`)
    .replace('<div id="root"></div>', () => root);
}
