import { describe, expect, it } from 'vitest';
import type { OwnerFacts, StoryPbFacts } from '../preview-facts.js';
import type { Element } from './elements.js';
import { drawStory } from './story.js';

/** The texts an element tree draws, in order. */
function texts(node: Element): string[] {
  const { children } = node.props as { children?: unknown };
  if (typeof children === 'string') return [children];
  if (!Array.isArray(children)) return [];
  return children.flatMap((child: unknown) =>
    typeof child === 'string' ? [child] : texts(child as Element),
  );
}

const owner: OwnerFacts = { name: 'maya', handle: 'pbshare.app/maya', avatar: null };
const pb: StoryPbFacts = {
  title: 'Back Squat',
  category: 'Weight Training',
  value: '150 kg',
  date: 'March 14, 2026',
  picture: null,
  sets: 3,
  reps: 5,
  newPb: true,
  change: null,
};
const art = { picture: null, avatar: null };

describe('drawStory', () => {
  it('draws the slide as the story viewer shows it, New PB and counts included', () => {
    expect(texts(drawStory(owner, pb, art))).toEqual([
      'M',
      'maya',
      'Weight Training',
      'New PB',
      'Back Squat',
      '150 kg',
      '3 sets',
      '5 reps',
      'March 14, 2026',
      'pbshare.app/maya',
      'PBShare',
    ]);
  });

  it("draws the change under the value on the owner's own image", () => {
    const drawn = texts(drawStory(owner, { ...pb, change: '+5 kg from 145 kg' }, art));
    expect(drawn.slice(drawn.indexOf('150 kg'), drawn.indexOf('3 sets'))).toEqual([
      '150 kg',
      '+5 kg from 145 kg',
    ]);
  });

  it('leaves out the badge once the record is no longer new, and counts it has not', () => {
    const drawn = texts(drawStory(owner, { ...pb, newPb: false, sets: null, reps: 1 }, art));
    expect(drawn).not.toContain('New PB');
    expect(drawn).not.toContain('3 sets');
    expect(drawn).toContain('1 rep');
    const bare = texts(drawStory(owner, { ...pb, sets: null, reps: null }, art));
    expect(bare.filter((text) => /\b(sets?|reps?)$/.test(text))).toEqual([]);
  });
});
