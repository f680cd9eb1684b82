import type { PersonalBest, PublicPb, PublicProfile, User } from '@pbshare/shared';
import {
  PREVIEW_CONTENT_TYPE,
  PREVIEW_SIZES,
  ownStoryFacts,
  profileFacts,
  singlePbFacts,
  type PreviewFacts,
  type PreviewKind,
} from './preview-facts.js';
import { previewKey } from './preview-key.js';

/** The first path segment of every preview image; a reserved username. */
export const PREVIEWS_PREFIX = '/previews';

/** One preview image as a page links it (og:image, twitter:image and their sizes). */
export interface PreviewImage {
  /** Absolute, for meta tags read by other sites. */
  url: string;
  /** The same address from this origin's root. */
  path: string;
  width: number;
  height: number;
  type: typeof PREVIEW_CONTENT_TYPE;
}

/** What a request for one image must draw, under which key, and where that key is served. */
export interface PreviewPlan {
  facts: PreviewFacts;
  key: string;
  image: PreviewImage;
}

/**
 * The addresses of a profile's preview images. Each carries the content key of what it draws,
 * so an edit changes the address and every copy of an older image stays valid as it is.
 */
export class PreviewLinks {
  private readonly site: string;

  /** `now` gives the clock that decides a story's 'New PB' badge (epoch ms). */
  constructor(
    private readonly origin: string,
    private readonly now: () => number = Date.now,
  ) {
    this.site = new URL(origin).host;
  }

  /** 1200x630: the avatar, name and address, and the first visible PB. */
  profilePreview(profile: PublicProfile): PreviewImage {
    return this.profilePlan(profile).image;
  }

  /** 1200x630: one PB with its picture, title and value, and whose it is. */
  pbPreview(profile: PublicProfile, pb: PublicPb): PreviewImage {
    return this.pbPlan('pb', profile, pb).image;
  }

  /** 1080x1920: one PB as a full-screen story to post elsewhere. */
  pbStoryImage(profile: PublicProfile, pb: PublicPb): PreviewImage {
    return this.pbPlan('story', profile, pb).image;
  }

  profilePlan(profile: PublicProfile): PreviewPlan {
    const name = encodeURIComponent(profile.user.displayName);
    return this.plan(profileFacts(profile, this.site), `profile/${name}`);
  }

  pbPlan(kind: 'pb' | 'story', profile: PublicProfile, pb: PublicPb): PreviewPlan {
    const name = encodeURIComponent(profile.user.displayName);
    const id = encodeURIComponent(pb.id);
    const facts = singlePbFacts(kind, profile, pb, this.site, this.now());
    return this.plan(facts, `${kind}/${name}/${id}`);
  }

  /**
   * The owner's own story image of their PB, with the change it beat the previous best by. It
   * is answered to the owner alone (`/v1/pbs/{id}/story.jpg`), so it has no public address.
   */
  ownStoryPlan(user: User, pb: PersonalBest): { facts: PreviewFacts; key: string } {
    const facts = ownStoryFacts(user, pb, this.site, this.now());
    return { facts, key: previewKey(facts) };
  }

  private plan(facts: PreviewFacts, where: string): PreviewPlan {
    const key = previewKey(facts);
    const path = `${PREVIEWS_PREFIX}/${where}/${key}.jpg`;
    const size: { width: number; height: number } = PREVIEW_SIZES[facts.kind satisfies PreviewKind];
    return {
      facts,
      key,
      image: { url: `${this.origin}${path}`, path, ...size, type: PREVIEW_CONTENT_TYPE },
    };
  }
}
