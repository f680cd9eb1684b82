import { countLabel } from '@pbshare/shared';
import { drawableText } from '../fonts.js';
import type { OwnerFacts, StoryPbFacts } from '../preview-facts.js';
import { BRAND, box, canvas, line, paragraph, type Element } from './elements.js';
import {
  avatar,
  categoryPill,
  countPill,
  logo,
  newPbPill,
  picture,
  titleText,
  value,
  type Art,
} from './parts.js';

const SIZE = { width: 1080, height: 1920 };
/** The card's green for a beaten best, lightened to stay above 7:1 on the dark fade. */
const IMPROVED = '#4ade80';
/** The picture fills the whole image. */
export const STORY = { ...SIZE, picture: SIZE, avatar: 96 };

/**
 * 1080x1920 for one PB, laid out like a slide of the story viewer: the picture full-bleed, whose
 * it is along the top, the PB over a dark fade at the bottom (its category and 'New PB' badge,
 * title, value, the change it beat the previous best by on the owner's own image, sets and reps
 * badges and date), and the page's address under it.
 */
export function drawStory(owner: OwnerFacts, pb: StoryPbFacts, art: Art): Element {
  const { width, height } = STORY;
  return canvas(
    width,
    height,
    picture(art, width, height, { position: 'absolute', top: 0, left: 0 }),
    box(
      {
        position: 'absolute',
        top: 0,
        left: 0,
        width,
        height: 400,
        alignItems: 'flex-start',
        gap: 24,
        padding: '72px 64px 0',
        backgroundImage:
          'linear-gradient(180deg, rgba(0,0,0,0.72) 0%, rgba(0,0,0,0.5) 45%, rgba(0,0,0,0) 100%)',
      },
      box(
        { alignItems: 'center', gap: 24, flexGrow: 1, flexShrink: 1, minWidth: 0 },
        avatar(art, owner.name, STORY.avatar),
        line({ fontSize: 40, fontWeight: 600 }, drawableText(owner.name)),
      ),
      logo(72),
    ),
    box(
      {
        position: 'absolute',
        left: 0,
        bottom: 0,
        width,
        height: 1250,
        flexDirection: 'column',
        justifyContent: 'flex-end',
        padding: '0 72px 96px',
        // Dark enough behind all of the text for white on a white photo to stay above 7:1.
        backgroundImage:
          'linear-gradient(0deg, rgba(0,0,0,0.92) 0%, rgba(0,0,0,0.8) 62%, rgba(0,0,0,0.4) 84%, rgba(0,0,0,0) 100%)',
      },
      box({ gap: 16 }, categoryPill(pb.category, 28), pb.newPb ? newPbPill(28) : null),
      paragraph(
        {
          marginTop: 28,
          fontSize: 58,
          fontWeight: 600,
          lineHeight: 1.2,
          color: 'rgba(255,255,255,0.92)',
        },
        titleText(pb.title, pb.category),
        2,
      ),
      value(pb.value, 184, { marginTop: 4 }),
      pb.change === null
        ? null
        : line(
            { marginTop: 8, fontSize: 44, fontWeight: 600, color: IMPROVED },
            drawableText(pb.change),
          ),
      counts(pb),
      line({ marginTop: 24, fontSize: 34, color: 'rgba(255,255,255,0.65)' }, drawableText(pb.date)),
      box(
        {
          marginTop: 64,
          paddingTop: 40,
          borderTop: '2px solid rgba(255,255,255,0.18)',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 32,
        },
        line(
          { fontSize: 38, fontWeight: 600, color: BRAND.glow, flexShrink: 1 },
          drawableText(owner.handle),
        ),
        logo(52, 36),
      ),
    ),
  );
}

/** The viewer's '3 sets' and '5 reps' badges, or nothing when neither is known. */
function counts(pb: StoryPbFacts): Element | null {
  if (pb.sets === null && pb.reps === null) return null;
  return box(
    { marginTop: 20, gap: 16 },
    pb.sets === null ? null : countPill(countLabel(pb.sets, 'set'), 30),
    pb.reps === null ? null : countPill(countLabel(pb.reps, 'rep'), 30),
  );
}
