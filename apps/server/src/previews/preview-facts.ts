import { isNewPbAt, type PersonalBest, type PublicPb, type PublicProfile } from '@pbshare/shared';

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

/** One PB as the story image draws it: what the link preview shows, its counts and its badge. */
export interface StoryPbFacts extends PbFacts {
  sets: number | null;
  reps: number | null;
  /**
   * Whether it shows 'New PB', by the clock when the image is asked for: being part of the key,
   * the image's address changes the moment the badge ends, and the old one redirects there.
   */
  newPb: boolean;
  /**
   * The change from the previous best ('+5 kg from 140 kg') when the record beat it. Only the
   * owner's own story image has it: it gives an older record away, so public images never do.
   */
  change: string | null;
}

/**
 * Everything an image shows, and nothing else: the templates draw only from these fields, and
 * the image's key is a hash of them, so any change a visitor could see gives a new key. Pictures
 * are named by their media URL, whose storage key is never reused for other bytes.
 */
export type PreviewFacts =
  | { kind: 'profile'; owner: OwnerFacts; pbCount: number; pb: PbFacts | null }
  | { kind: 'pb'; owner: OwnerFacts; pb: PbFacts }
  | { kind: 'story'; owner: OwnerFacts; pb: StoryPbFacts };

export function profileFacts(profile: PublicProfile, site: string): PreviewFacts {
  const first = profile.pbs[0];
  return {
    kind: 'profile',
    owner: ownerFacts(profile.user, site),
    pbCount: profile.pbs.length,
    pb: first ? pbFacts(first) : null,
  };
}

/** The facts of one PB's image; `now` (epoch ms) decides whether a story shows 'New PB'. */
export function singlePbFacts(
  kind: 'pb' | 'story',
  profile: PublicProfile,
  pb: PublicPb,
  site: string,
  now: number,
): PreviewFacts {
  const owner = ownerFacts(profile.user, site);
  if (kind === 'pb') return { kind, owner, pb: pbFacts(pb) };
  return { kind, owner, pb: storyPbFacts(pb, null, now) };
}

/** The owner's own story image of their PB: the public one, with the change it beat by. */
export function ownStoryFacts(user: Owner, pb: PersonalBest, site: string, now: number) {
  const { improvement } = pb;
  const change = improvement?.beaten
    ? `${improvement.change} from ${improvement.previousBest}`
    : null;
  return {
    kind: 'story',
    owner: ownerFacts(user, site),
    pb: storyPbFacts(pb, change, now),
  } satisfies PreviewFacts;
}

/** Whose PB it is, as the public profile and the signed-in user both say it. */
type Owner = Pick<PublicProfile['user'], 'displayName' | 'profileImage'>;

function ownerFacts({ displayName, profileImage }: Owner, site: string): OwnerFacts {
  return { name: displayName, handle: `${site}/${displayName}`, avatar: profileImage };
}

function storyPbFacts(pb: PublicPb, change: string | null, now: number): StoryPbFacts {
  return {
    ...pbFacts(pb),
    sets: pb.sets,
    reps: pb.reps,
    newPb: isNewPbAt(pb.newPbUntil, now),
    change,
  };
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
