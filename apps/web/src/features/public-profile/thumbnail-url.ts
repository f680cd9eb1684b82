import type { PbMedia } from '@pbshare/shared';

/**
 * The small picture that stands for a PB in a list: a photo's card rendition, a video's poster.
 * Null when there is nothing to show (no media, or a video without a poster yet).
 */
export function thumbnailUrl(media: PbMedia | null | undefined): string | null {
  if (!media?.fullUrl) return null;
  if (media.type === 'video') return media.posterUrl ?? media.cardUrl;
  return media.cardUrl ?? media.fullUrl;
}
