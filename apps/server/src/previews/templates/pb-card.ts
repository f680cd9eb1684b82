import { drawableText } from '../fonts.js';
import type { OwnerFacts, PbFacts } from '../preview-facts.js';
import { BRAND, box, canvas, line, paragraph, type Element } from './elements.js';
import { avatar, categoryPill, logo, picture, titleText, value, type Art } from './parts.js';

export const PB_CARD = {
  width: 1200,
  height: 630,
  picture: { width: 560, height: 630 },
  avatar: 64,
};

/** 1200x630 for one PB: its picture on the left, what it is and whose on the right. */
export function drawPbCard(owner: OwnerFacts, pb: PbFacts, art: Art): Element {
  const { width, height } = PB_CARD;
  return canvas(
    width,
    height,
    picture(art, PB_CARD.picture.width, PB_CARD.picture.height),
    box(
      {
        flexDirection: 'column',
        justifyContent: 'space-between',
        width: width - PB_CARD.picture.width,
        padding: '48px 56px',
        backgroundImage: `radial-gradient(circle at 100% 0%, rgba(217,54,11,0.45) 0%, rgba(217,54,11,0) 60%), linear-gradient(180deg, ${BRAND.inkSoft} 0%, ${BRAND.ink} 100%)`,
      },
      logo(40, 26),
      box(
        { flexDirection: 'column', gap: 14 },
        categoryPill(pb.category, 17),
        paragraph(
          { fontSize: 40, fontWeight: 600, lineHeight: 1.2, color: 'rgba(255,255,255,0.92)' },
          titleText(pb.title, pb.category),
          2,
        ),
        value(pb.value, 104),
        line({ fontSize: 22, color: 'rgba(255,255,255,0.65)' }, drawableText(pb.date)),
      ),
      ownerLine(owner, art),
    ),
  );
}

function ownerLine(owner: OwnerFacts, art: Art): Element {
  return box(
    { alignItems: 'center', gap: 16 },
    avatar(art, owner.name, PB_CARD.avatar),
    box(
      { flexDirection: 'column', flexShrink: 1, minWidth: 0 },
      line({ fontSize: 26, fontWeight: 600 }, drawableText(owner.name)),
      line({ fontSize: 21, color: BRAND.glow }, drawableText(owner.handle)),
    ),
  );
}
