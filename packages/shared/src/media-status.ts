import type { PbMedia } from './pbs.js';

/**
 * Whether the media is a video with a rendition to play. A video still processing (or one that
 * failed) has only its poster, which is shown as a still: its URLs point at the poster.
 */
export function isPlayableVideo(media: Pick<PbMedia, 'type' | 'status'>): boolean {
  return media.type === 'video' && media.status === 'ready';
}
