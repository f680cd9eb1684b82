import { PRODUCT_NAME } from '@pbshare/shared';
import { drawableText } from '../fonts.js';
import type { OwnerFacts, PbFacts } from '../preview-facts.js';
import { BRAND, box, canvas, line, paragraph, type Element } from './elements.js';
import { avatar, categoryPill, logo, picture, titleText, value, type Art } from './parts.js';

const STORY_CARD = { width: 300, height: 534, radius: 28 };
export const PROFILE_CARD = { width: 1200, height: 630, picture: STORY_CARD, avatar: 132 };

/**
 * 1200x630 for a person: their avatar, name and address on the left, and their first visible PB
 * on the right as a story card, the way their page opens.
 */
export function drawProfileCard(
  owner: OwnerFacts,
  pbCount: number,
  pb: PbFacts | null,
  art: Art,
): Element {
  const { width, height } = PROFILE_CARD;
  return canvas(
    width,
    height,
    box({
      position: 'absolute',
      top: 0,
      left: 0,
      width,
      height,
      backgroundImage: `radial-gradient(circle at 88% 30%, rgba(255,106,43,0.9) 0%, rgba(217,54,11,0.55) 30%, rgba(11,13,18,0) 65%)`,
    }),
    box(
      {
        flexDirection: 'column',
        justifyContent: 'space-between',
        width: width - STORY_CARD.width - 96,
        padding: '52px 0 52px 64px',
      },
      logo(44, 28),
      box(
        { flexDirection: 'column' },
        avatar(art, owner.name, PROFILE_CARD.avatar),
        line(
          { marginTop: 26, fontSize: 62, fontWeight: 800, letterSpacing: -1 },
          drawableText(owner.name),
        ),
        line(
          { marginTop: 6, fontSize: 30, fontWeight: 600, color: BRAND.glow },
          drawableText(owner.handle),
        ),
      ),
      line({ fontSize: 24, color: 'rgba(255,255,255,0.72)' }, countText(pbCount)),
    ),
    box(
      {
        position: 'absolute',
        top: (height - STORY_CARD.height) / 2,
        right: 72,
        width: STORY_CARD.width,
        height: STORY_CARD.height,
        borderRadius: STORY_CARD.radius,
        overflow: 'hidden',
        border: '2px solid rgba(255,255,255,0.14)',
        backgroundColor: BRAND.inkSoft,
      },
      pb
        ? storyCard(pb, art)
        : box({ width: '100%', alignItems: 'center', justifyContent: 'center' }, logo(150)),
    ),
  );
}

function storyCard(pb: PbFacts, art: Art): Element {
  return box(
    { position: 'relative', width: STORY_CARD.width, height: STORY_CARD.height },
    picture(art, STORY_CARD.width, STORY_CARD.height, { position: 'absolute', top: 0, left: 0 }),
    box(
      {
        position: 'absolute',
        left: 0,
        bottom: 0,
        width: STORY_CARD.width,
        height: 300,
        flexDirection: 'column',
        justifyContent: 'flex-end',
        gap: 8,
        padding: '0 22px 26px',
        backgroundImage:
          'linear-gradient(0deg, rgba(0,0,0,0.9) 0%, rgba(0,0,0,0.6) 45%, rgba(0,0,0,0) 100%)',
      },
      categoryPill(pb.category, 12),
      paragraph(
        { fontSize: 22, fontWeight: 600, lineHeight: 1.25, color: 'rgba(255,255,255,0.92)' },
        titleText(pb.title, pb.category),
        2,
      ),
      value(pb.value, 56),
    ),
  );
}

function countText(pbCount: number): string {
  if (pbCount === 0) return `Personal bests on ${PRODUCT_NAME}`;
  return `${pbCount} personal best${pbCount === 1 ? '' : 's'} on ${PRODUCT_NAME}`;
}
