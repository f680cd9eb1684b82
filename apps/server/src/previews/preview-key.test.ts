import type { PublicPb, PublicProfile } from '@pbshare/shared';
import { describe, expect, it } from 'vitest';
import type { PreviewFacts } from './preview-facts.js';
import { PREVIEW_KEY_PATTERN, previewKey } from './preview-key.js';
import { PreviewLinks } from './preview-links.js';
import { answeredDeadlift } from '../test/deadlift.js';

const url = '/media/pbs/a/full.webp';
const cardUrl = '/media/pbs/a/card.webp';
const pb: PublicPb = {
  id: 'rec-1',
  ...answeredDeadlift,
  image: url,
  mediaType: 'image',
  media: {
    type: 'image',
    status: 'ready',
    url,
    fullUrl: url,
    cardUrl,
    posterUrl: null,
    width: 1080,
    height: 1350,
    durationSeconds: null,
  },
  newPbUntil: null,
};

const profile: PublicProfile = {
  user: { displayName: 'maya', bio: 'Lifts things.', profileImage: '/media/avatars/m.webp' },
  pbs: [pb, { ...pb, id: 'rec-2', title: 'Squat' }],
};

const links = new PreviewLinks('https://pbshare.app');

// A PB's facts are what its card shows of it.
const { title, category, value, date } = answeredDeadlift;
const facts: PreviewFacts = {
  kind: 'pb',
  owner: { name: 'maya', handle: 'pbshare.app/maya', avatar: '/media/avatars/m.webp' },
  pb: { title, category, value, date, picture: url },
};

describe('previewKey', () => {
  it('is 24 hex characters, the same for the same facts', () => {
    expect(previewKey(facts)).toMatch(PREVIEW_KEY_PATTERN);
    expect(previewKey(structuredClone(facts))).toBe(previewKey(facts));
  });

  it.each([
    ['the name', { ...facts, owner: { ...facts.owner, name: 'maya2' } }],
    ['the address', { ...facts, owner: { ...facts.owner, handle: 'example.com/maya' } }],
    ['the avatar', { ...facts, owner: { ...facts.owner, avatar: '/media/avatars/n.webp' } }],
    ['no avatar', { ...facts, owner: { ...facts.owner, avatar: null } }],
    ['the title', { ...facts, pb: { ...facts.pb, title: 'Deadlift!' } }],
    ['the value', { ...facts, pb: { ...facts.pb, value: '230 lbs' } }],
    ['the category', { ...facts, pb: { ...facts.pb, category: 'Running' } }],
    ['the date', { ...facts, pb: { ...facts.pb, date: 'March 15, 2026' } }],
    ['the picture', { ...facts, pb: { ...facts.pb, picture: '/media/pbs/b/full.webp' } }],
    ['the kind of image', { ...facts, kind: 'story' }],
  ] as [string, PreviewFacts][])('changes with %s', (_label, changed) => {
    expect(previewKey(changed)).not.toBe(previewKey(facts));
  });
});

describe('PreviewLinks', () => {
  it('addresses each image under /previews with its key, size and type', () => {
    const image = links.pbPreview(profile, pb);
    expect(image.path).toMatch(/^\/previews\/pb\/maya\/rec-1\/[0-9a-f]{24}\.jpg$/);
    expect(image).toEqual({
      path: image.path,
      url: `https://pbshare.app${image.path}`,
      width: 1200,
      height: 630,
      type: 'image/jpeg',
    });
    const story = links.pbStoryImage(profile, pb);
    expect(story.path).toMatch(/^\/previews\/story\/maya\/rec-1\/[0-9a-f]{24}\.jpg$/);
    expect([story.width, story.height]).toEqual([1080, 1920]);
    const card = links.profilePreview(profile);
    expect(card.path).toMatch(/^\/previews\/profile\/maya\/[0-9a-f]{24}\.jpg$/);
    expect([card.width, card.height]).toEqual([1200, 630]);
  });

  it('draws the site and name as the address, and a PB as the page shows it', () => {
    expect(links.pbPlan('pb', profile, pb).facts).toEqual(facts);
    const video = {
      ...pb,
      mediaType: 'video' as const,
      media: { ...pb.media, type: 'video' as const, posterUrl: '/media/pbs/a/poster.webp' },
    };
    expect(links.pbPlan('story', profile, video).facts).toMatchObject({
      pb: { picture: '/media/pbs/a/poster.webp' },
    });
  });

  it('keeps the key when only what is not drawn changes (the story, sets, the bio)', () => {
    const before = links.pbPreview(profile, pb).path;
    const quiet = { ...pb, story: 'Another story', sets: 3, reps: 5 };
    const withBio = { ...profile, user: { ...profile.user, bio: 'New bio' } };
    expect(links.pbPreview(withBio, quiet).path).toBe(before);
  });

  it("changes the profile image's key with the first visible PB and with the count", () => {
    const before = links.profilePreview(profile).path;
    const reordered = { ...profile, pbs: [...profile.pbs].reverse() };
    expect(links.profilePreview(reordered).path).not.toBe(before);
    const fewer = { ...profile, pbs: profile.pbs.slice(0, 1) };
    expect(links.profilePreview(fewer).path).not.toBe(before);
  });
});

describe("a PB's story image", () => {
  const until = '2026-03-21T10:00:00.000Z';
  const fresh: PublicPb = { ...pb, newPbUntil: until, sets: 3, reps: 5 };
  const linksAt = (iso: string) => new PreviewLinks('https://pbshare.app', () => Date.parse(iso));
  const before = linksAt('2026-03-21T09:59:59.999Z');
  const after = linksAt(until);

  it('draws the sets, the reps and the New PB badge while it lasts', () => {
    expect(before.pbPlan('story', profile, fresh).facts).toMatchObject({
      pb: { sets: 3, reps: 5, newPb: true },
    });
    expect(after.pbPlan('story', profile, fresh).facts).toMatchObject({ pb: { newPb: false } });
    expect(before.pbPlan('story', profile, pb).facts).toMatchObject({ pb: { newPb: false } });
  });

  it('moves to a new address the moment the badge ends; the link preview keeps its own', () => {
    expect(after.pbStoryImage(profile, fresh).path).not.toBe(
      before.pbStoryImage(profile, fresh).path,
    );
    expect(after.pbPreview(profile, fresh).path).toBe(before.pbPreview(profile, fresh).path);
  });

  it('changes its address with the sets and with the reps', () => {
    const path = before.pbStoryImage(profile, fresh).path;
    expect(before.pbStoryImage(profile, { ...fresh, sets: 4 }).path).not.toBe(path);
    expect(before.pbStoryImage(profile, { ...fresh, reps: null }).path).not.toBe(path);
  });
});
