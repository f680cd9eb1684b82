import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { PbFacts, PreviewFacts, StoryPbFacts } from './preview-facts.js';
import { renderPreview } from './render-preview.js';

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2563eb' } })
    .webp()
    .toBuffer();

const owner = { name: 'maya', handle: 'pbshare.app/maya', avatar: '/media/avatars/m.webp' };
const pb: PbFacts = {
  title: 'Deadlift',
  category: 'Weight Training',
  value: '225 lbs',
  date: 'March 14, 2026',
  picture: '/media/pbs/a/full.webp',
};
const storyPb: StoryPbFacts = {
  ...pb,
  sets: 3,
  reps: 5,
  newPb: true,
  change: '+5 lbs from 220 lbs',
};

async function sizeOf(jpeg: Buffer) {
  const { format, width, height } = await sharp(jpeg).metadata();
  return { format, width, height };
}

describe('renderPreview', () => {
  it('draws every kind at its size, from pictures of any shape', { timeout: 20_000 }, async () => {
    const read = async (url: string) =>
      url.includes('avatars') ? picture(512, 512) : picture(1080, 300);
    const cases: [PreviewFacts, number, number][] = [
      [{ kind: 'profile', owner, pbCount: 2, pb }, 1200, 630],
      [{ kind: 'profile', owner, pbCount: 0, pb: null }, 1200, 630],
      [{ kind: 'pb', owner, pb }, 1200, 630],
      [{ kind: 'story', owner, pb: storyPb }, 1080, 1920],
    ];
    for (const [facts, width, height] of cases) {
      const { jpeg, problems } = await renderPreview(facts, read);
      expect(await sizeOf(jpeg), facts.kind).toEqual({ format: 'jpeg', width, height });
      expect(problems).toEqual([]);
    }
  });

  it('copes with long, empty-looking and foreign text and no pictures at all', async () => {
    const read = () => Promise.reject(new Error('never asked'));
    const odd: PbFacts = {
      title: `${'Very long title '.repeat(8)}🏋️`,
      category: 'Bodyweight Training',
      value: '1000000 reps',
      date: 'January 1, 2026',
      picture: null,
    };
    for (const facts of [
      {
        kind: 'story',
        owner: { ...owner, avatar: null },
        pb: { ...odd, sets: 99, reps: 1000, newPb: true, change: '+1000 lbs from 0 lbs' },
      },
      { kind: 'pb', owner: { ...owner, avatar: null }, pb: { ...odd, title: '🔥🔥 马拉松' } },
    ] satisfies PreviewFacts[]) {
      const { jpeg, problems } = await renderPreview(facts, read);
      expect((await sizeOf(jpeg)).format).toBe('jpeg');
      expect(problems).toEqual([]);
    }
  });

  it('draws the fallback for a picture it cannot read or decode, and says why', async () => {
    const read = async (url: string) => {
      if (url.includes('avatars')) throw new Error('gone');
      return Buffer.from('not an image');
    };
    const { jpeg, problems } = await renderPreview({ kind: 'pb', owner, pb }, read);
    expect(await sizeOf(jpeg)).toEqual({ format: 'jpeg', width: 1200, height: 630 });
    expect(problems).toHaveLength(2);
  });
});
