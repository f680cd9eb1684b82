import {
  DEFAULT_PROFILE_DESCRIPTION,
  INLINE_PROFILE_ELEMENT_ID,
  PRODUCT_NAME,
  type PublicProfile,
} from '@pbshare/shared';

export const DEFAULT_SHARE_IMAGE_PATH = '/og-default.png';

function escapeAttribute(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

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
 * The app's index.html for /{username}, with the head a link preview needs (title, description,
 * Open Graph, Twitter card, canonical URL) and the profile inline, so the viewer paints without
 * another request. `profile` undefined means no such person: the page says so and is not indexed.
 */
export function renderProfilePage(
  template: string,
  options: { origin: string; username: string; profile: PublicProfile | undefined },
): string {
  const { origin, username, profile } = options;
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
      `<title>${escapeAttribute(title)}</title>`,
      ...meta.map(
        ([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeAttribute(value)}" />`,
      ),
      `<link rel="canonical" href="${escapeAttribute(url)}" />`,
    ].join('\n    ');
  } else {
    head = [
      `<title>Profile Not Found · ${PRODUCT_NAME}</title>`,
      `<meta name="description" content="${escapeAttribute(DEFAULT_PROFILE_DESCRIPTION)}" />`,
      '<meta name="robots" content="noindex" />',
    ].join('\n    ');
  }

  return template
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace(/<meta\s+name="description"[\s\S]*?\/?>/, '')
    .replace('</head>', `    ${head}\n    ${inline}\n  </head>`);
}
