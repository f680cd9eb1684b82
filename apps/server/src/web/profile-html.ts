import {
  DEFAULT_PROFILE_DESCRIPTION,
  INLINE_PROFILE_ELEMENT_ID,
  PRODUCT_NAME,
  STORY_MEDIA_SIZES,
  storyBackdropUrl,
  storyImageSrcSet,
  type PublicProfile,
} from '@pbshare/shared';
import { escapeHtml } from './escape-html.js';

export const DEFAULT_SHARE_IMAGE_PATH = '/og-default.png';

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

function absolute(origin: string, url: string): string {
  return /^https?:\/\//.test(url) ? url : `${origin}${url}`;
}

/**
 * Preloads of the first slide's pictures, exactly as the viewer asks for them (same URLs, same
 * srcset and sizes), so they download with the scripts rather than after the viewer has rendered.
 */
function firstSlidePreloads(profile: PublicProfile): string[] {
  const media = profile.pbs[0]?.media;
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
  /** The public page's scripts beyond the entry's (see route-preloads.ts). */
  modulePreloads?: string[];
}

/**
 * The app's index.html for /{username}, with the head a link preview needs (title, description,
 * Open Graph, Twitter card, canonical URL) and the profile inline, so the viewer paints without
 * another request, and preloads of the page's scripts and first picture. `profile` undefined
 * means no such person: the page says so and is not indexed.
 */
export function renderProfilePage(template: string, options: ProfilePageOptions): string {
  const { origin, username, profile, modulePreloads = [] } = options;
  const inline = `<script type="application/json" id="${INLINE_PROFILE_ELEMENT_ID}">${jsonForScript({ username, profile: profile ?? null })}</script>`;

  let head: string;
  if (profile) {
    const name = profile.user.displayName;
    const title = `${name} Personal Bests`;
    const description = profile.user.bio.trim() || DEFAULT_PROFILE_DESCRIPTION;
    const url = `${origin}/${encodeURIComponent(name)}`;
    const image = absolute(origin, profile.user.profileImage ?? DEFAULT_SHARE_IMAGE_PATH);
    const meta: [string, string, string][] = [
      ['name', 'description', description],
      ['property', 'og:type', 'profile'],
      ['property', 'og:site_name', PRODUCT_NAME],
      ['property', 'og:title', title],
      ['property', 'og:description', description],
      ['property', 'og:url', url],
      ['property', 'og:image', image],
      ['name', 'twitter:card', profile.user.profileImage ? 'summary' : 'summary_large_image'],
      ['name', 'twitter:title', title],
      ['name', 'twitter:description', description],
      ['name', 'twitter:image', image],
    ];
    head = [
      `<title>${escapeHtml(title)}</title>`,
      ...meta.map(
        ([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`,
      ),
      `<link rel="canonical" href="${escapeHtml(url)}" />`,
      ...firstSlidePreloads(profile),
    ].join('\n    ');
  } else {
    head = [
      `<title>Profile Not Found · ${PRODUCT_NAME}</title>`,
      `<meta name="description" content="${escapeHtml(DEFAULT_PROFILE_DESCRIPTION)}" />`,
      '<meta name="robots" content="noindex" />',
    ].join('\n    ');
  }

  // Vite's module script carries `crossorigin`; the preloads must match it to be reused.
  const scripts = modulePreloads.map(
    (path) => `<link rel="modulepreload" crossorigin href="${escapeHtml(path)}" />`,
  );
  return template
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace(/<meta\s+name="description"[\s\S]*?\/?>/, '')
    .replace('</head>', `    ${[head, ...scripts, inline].join('\n    ')}\n  </head>`);
}
