import type { PublicPb, PublicProfile } from '@pbshare/shared';

/** The three images: link previews (Open Graph's 1.91:1) and a 9:16 story to post elsewhere. */
export const PREVIEW_SIZES = {
  profile: { width: 1200, height: 630 },
  pb: { width: 1200, height: 630 },
  story: { width: 1080, height: 1920 },
} as const;
export type PreviewKind = keyof typeof PREVIEW_SIZES;

export const PREVIEW_CONTENT_TYPE = 'image/jpeg';

/** Whose image it is, as drawn. */
export interface OwnerFacts {
  name: string;
  /** The public page's address without the scheme ('pbshare.app/maya'). */
  handle: string;
  /** The avatar's media URL, or null for the initial on the brand colour. */
  avatar: string | null;
}

/** One PB as drawn. */
export interface PbFacts {
  title: string;
  category: string;
  value: string;
  date: string;
  /** An image's full rendition or a video's poster; null draws the brand fallback. */
  picture: string | null;
}

/**
 * Everything an image shows, and nothing else: the templates draw only from these fields, and
 * the image's key is a hash of them, so any change a visitor could see gives a new key. Pictures
 * are named by their media URL, whose storage key is never reused for other bytes.
 */
export type PreviewFacts =
  | { kind: 'profile'; owner: OwnerFacts; pbCount: number; pb: PbFacts | null }
  | { kind: 'pb' | 'story'; owner: OwnerFacts; pb: PbFacts };

export function profileFacts(profile: PublicProfile, site: string): PreviewFacts {
  const first = profile.pbs[0];
  return {
    kind: 'profile',
    owner: ownerFacts(profile, site),
    pbCount: profile.pbs.length,
    pb: first ? pbFacts(first) : null,
  };
}

export function singlePbFacts(
  kind: 'pb' | 'story',
  profile: PublicProfile,
  pb: PublicPb,
  site: string,
): PreviewFacts {
  return { kind, owner: ownerFacts(profile, site), pb: pbFacts(pb) };
}

function ownerFacts(profile: PublicProfile, site: string): OwnerFacts {
  const { displayName, profileImage } = profile.user;
  return { name: displayName, handle: `${site}/${displayName}`, avatar: profileImage };
}

function pbFacts(pb: PublicPb): PbFacts {
  return {
    title: pb.title,
    category: pb.category,
    value: pb.displayValue,
    date: pb.date,
    picture: pb.media.type === 'image' ? pb.media.fullUrl : pb.media.posterUrl,
  };
}
