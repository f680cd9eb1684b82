// What /{username}'s HTML carries and how its story viewer shows media, shared by the server's
// page and the web viewer. Kept apart from the schemas in public-profile.ts: the public page's
// bundle imports these, and a module with top-level zod schemas would bring zod with it.
import type { PbMedia } from './pbs.js';
import { LAYOUT } from './product.js';
import type { PublicProfile } from './public-profile.js';

/** The id of the JSON script element that carries the profile inside /{username}'s HTML. */
export const INLINE_PROFILE_ELEMENT_ID = 'pbshare-profile';

/**
 * What that element holds: everything the server rendered the page from, so the browser hydrates
 * it with the very same props.
 */
export interface InlineProfilePage {
  /** The name as the link spelled it. */
  username: string;
  /** The person's visible PBs; null when there is no such person (the page is a 404). */
  profile: PublicProfile | null;
  /** For /{username}/{pbId}: the visible PB the story opens at. */
  pbId?: string;
  /** The person exists, but moderation has suspended the page (profile is null then). */
  unavailable?: true;
}

export const DEFAULT_PROFILE_DESCRIPTION =
  'Personal bests with the photos, videos and stories behind them, on PBShare.';

/**
 * How wide the story frame shows media: the whole phone screen, or the phone frame on desktop.
 * The viewer's <img sizes> and the server's preload of the first slide must say the same, or the
 * browser fetches the picture twice.
 */
export const STORY_MEDIA_SIZES = `(min-width: ${LAYOUT.mobileBreakpointPx}px) ${LAYOUT.phoneFrame.width}px, 100vw`;

/** The card rendition as a smaller candidate of the full image, when there is one. */
export function storyImageSrcSet(media: PbMedia): string | undefined {
  if (!media.cardUrl || media.cardUrl === media.fullUrl) return undefined;
  const fullWidth = media.width ?? 1080;
  const cardWidth = Math.min(480, fullWidth);
  if (cardWidth >= fullWidth) return undefined;
  return `${media.cardUrl} ${cardWidth}w, ${media.fullUrl} ${fullWidth}w`;
}

/** The picture blurred behind a slide's media: a video's poster, else the smallest rendition. */
export function storyBackdropUrl(media: PbMedia): string | null {
  return media.type === 'video' ? media.posterUrl : (media.cardUrl ?? media.fullUrl);
}

/**
 * How long the story viewer shows a photo (or a slide whose media cannot play) before moving on
 * by itself. A video shows for its own length.
 */
export const STORY_PHOTO_MS = 5000;
