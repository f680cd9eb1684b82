import type { PreviewFacts } from '../preview-facts.js';
import type { Element } from './elements.js';
import { drawPbCard, PB_CARD } from './pb-card.js';
import { drawProfileCard, PROFILE_CARD } from './profile-card.js';
import { drawStory, STORY } from './story.js';
import type { Art } from './parts.js';

export type { Art } from './parts.js';

/** The boxes an image's pictures are cut to before they are drawn. */
export interface ArtBoxes {
  picture: { width: number; height: number } | null;
  avatar: number;
}

export function artBoxes(facts: PreviewFacts): ArtBoxes {
  switch (facts.kind) {
    case 'profile':
      return { picture: facts.pb ? PROFILE_CARD.picture : null, avatar: PROFILE_CARD.avatar };
    case 'pb':
      return { picture: PB_CARD.picture, avatar: PB_CARD.avatar };
    case 'story':
      return { picture: STORY.picture, avatar: STORY.avatar };
  }
}

export function drawPreview(facts: PreviewFacts, art: Art): Element {
  switch (facts.kind) {
    case 'profile':
      return drawProfileCard(facts.owner, facts.pbCount, facts.pb, art);
    case 'pb':
      return drawPbCard(facts.owner, facts.pb, art);
    case 'story':
      return drawStory(facts.owner, facts.pb, art);
  }
}
