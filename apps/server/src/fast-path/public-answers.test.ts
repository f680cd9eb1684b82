import type { PublicProfile } from '@pbshare/shared';
import { describe, expect, it, vi } from 'vitest';
import {
  PublicProfileAnswers,
  type AnswerChoice,
  type AnswerKind,
  type ProfileLocation,
} from './public-answers.js';

/** A stand-in for the database: a version per name and the profile it shows. */
function world() {
  const state = {
    location: { userId: 'u1', version: 1 } as ProfileLocation | undefined,
    bio: 'first',
  };
  const profiles = {
    locate: vi.fn(() => Promise.resolve(state.location)),
    find: vi.fn(() =>
      Promise.resolve<PublicProfile | undefined>(
        state.location?.userId
          ? { user: { displayName: 'Maya', bio: state.bio, profileImage: null }, pbs: [] }
          : undefined,
      ),
    ),
  };
  const answers = new PublicProfileAnswers(profiles, {
    maxBytes: 1024 * 1024,
    compressThreshold: 1024,
  });
  return { state, profiles, answers };
}

const api: AnswerKind = { name: 'api', render: (profile) => JSON.stringify(profile) };
const page: AnswerKind = {
  name: 'page',
  bySpelling: true,
  render: (profile, username) => `${username}:${profile.user.bio}`,
};

async function body(
  answers: PublicProfileAnswers,
  username: string,
  kind: AnswerKind | AnswerChoice,
) {
  const found = await answers.lookup(username, kind);
  return found.status === 'found' ? found.answer.identity.toString() : found.status;
}

describe('PublicProfileAnswers', () => {
  it('builds once per version, and again as soon as the version moves', async () => {
    const { state, profiles, answers } = world();
    expect(await body(answers, 'maya', api)).toContain('"bio":"first"');
    expect(await body(answers, 'MAYA', api)).toContain('"bio":"first"');
    expect(profiles.find).toHaveBeenCalledTimes(1);

    state.bio = 'second';
    state.location = { userId: 'u1', version: 2 };
    expect(await body(answers, 'maya', api)).toContain('"bio":"second"');
    expect(profiles.find).toHaveBeenCalledTimes(2);
  });

  it('shares one build between requests that arrive together', async () => {
    const { profiles, answers } = world();
    const bodies = await Promise.all([1, 2, 3].map(() => body(answers, 'maya', api)));
    expect(new Set(bodies).size).toBe(1);
    expect(profiles.find).toHaveBeenCalledTimes(1);
  });

  it('never serves another person`s answer under the same name', async () => {
    const { state, answers } = world();
    await body(answers, 'maya', api);
    state.bio = 'someone else';
    state.location = { userId: 'u2', version: 1 };
    expect(await body(answers, 'maya', api)).toContain('"bio":"someone else"');
  });

  it('keeps a page per spelling, and an API answer per person', async () => {
    const { profiles, answers } = world();
    expect(await body(answers, 'Maya', page)).toBe('Maya:first');
    expect(await body(answers, 'maya', page)).toBe('maya:first');
    expect(await body(answers, 'Maya', page)).toBe('Maya:first');
    await body(answers, 'Maya', api);
    await body(answers, 'maya', api);
    expect(profiles.find).toHaveBeenCalledTimes(3);
  });

  it('makes (without keeping) answers beyond the five it keeps per person', async () => {
    const { profiles, answers } = world();
    const spellings = ['maya', 'Maya', 'mAya', 'maYa', 'mayA', 'MAYA'];
    for (const spelling of spellings) expect(await body(answers, spelling, page)).toContain(':');
    expect(profiles.find).toHaveBeenCalledTimes(6);
    for (const spelling of spellings.slice(0, 5)) await body(answers, spelling, page);
    expect(profiles.find).toHaveBeenCalledTimes(6);
    await body(answers, 'MAYA', page);
    expect(profiles.find).toHaveBeenCalledTimes(7);
  });

  it('answers moved and missing names without building anything', async () => {
    const { state, profiles, answers } = world();
    await body(answers, 'maya', api);
    state.location = { movedTo: 'Maya2' };
    expect(await answers.lookup('maya', api)).toEqual({ status: 'moved', username: 'Maya2' });
    state.location = undefined;
    expect(await answers.lookup('maya', api)).toEqual({ status: 'missing' });
    expect(profiles.find).toHaveBeenCalledTimes(1);
  });

  it('does not let a slow build of an older version replace a newer one', async () => {
    const { state, profiles, answers } = world();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((done) => {
      release = done;
    });
    const slowProfile = { user: { displayName: 'Maya', bio: 'old', profileImage: null }, pbs: [] };
    profiles.find.mockImplementationOnce(async () => {
      await gate;
      return slowProfile;
    });
    const slow = body(answers, 'maya', api);
    await vi.waitFor(() => {
      expect(profiles.find).toHaveBeenCalledTimes(1);
    });

    state.bio = 'new';
    state.location = { userId: 'u1', version: 2 };
    expect(await body(answers, 'maya', api)).toContain('"bio":"new"');
    release();
    expect(await slow).toContain('"bio":"old"');
    expect(await body(answers, 'maya', api)).toContain('"bio":"new"');
    expect(profiles.find).toHaveBeenCalledTimes(2);
  });

  it('keeps the people asked for most recently within its budget of bytes', async () => {
    // Each person's API answer is about 100 bytes; the budget holds two of them, not three.
    const bio = 'x'.repeat(40);
    const profiles = {
      locate: vi.fn((name: string) => Promise.resolve({ userId: `id-${name}`, version: 1 })),
      find: vi.fn((name: string) =>
        Promise.resolve({ user: { displayName: name, bio, profileImage: null }, pbs: [] }),
      ),
    };
    const answers = new PublicProfileAnswers(profiles, {
      maxBytes: 250,
      compressThreshold: 1024,
    });
    const built = () => profiles.find.mock.calls.map(([name]) => name);
    for (const name of ['ana', 'ben', 'ana', 'cat']) await body(answers, name, api);
    expect(built()).toEqual(['ana', 'ben', 'cat']);
    // Ana was asked for after Ben, so Ben made room for Cat.
    expect(await answers.kept('ana', api)).toBeDefined();
    expect(await answers.kept('cat', api)).toBeDefined();
    expect(await answers.kept('ben', api)).toBeUndefined();

    // A person whose answers outgrow the whole budget is not kept at all; nobody else is dropped.
    const large = { name: 'large', render: () => 'y'.repeat(300) };
    expect(await body(answers, 'ana', large)).toHaveLength(300);
    expect(await body(answers, 'ana', large)).toHaveLength(300);
    expect(built()).toEqual(['ana', 'ben', 'cat', 'ana', 'ana']);
    expect(await answers.kept('ana', api)).toBeUndefined();
    expect(await answers.kept('cat', api)).toBeDefined();
  });

  it('counts every answer kept for a person against the budget', async () => {
    // One API answer is about 90 bytes: Ana's two answers and Ben's one do not fit in 250.
    const profiles = {
      locate: vi.fn((name: string) => Promise.resolve({ userId: `id-${name}`, version: 1 })),
      find: vi.fn((name: string) =>
        Promise.resolve({
          user: { displayName: name, bio: 'x'.repeat(40), profileImage: null },
          pbs: [],
        }),
      ),
    };
    const answers = new PublicProfileAnswers(profiles, {
      maxBytes: 250,
      compressThreshold: 1024,
    });
    const second = { name: 'second', render: () => 'p'.repeat(100) };
    await body(answers, 'ana', api);
    await body(answers, 'ana', second);
    expect(await answers.kept('ana', second)).toBeDefined();
    await body(answers, 'ben', api);
    expect(await answers.kept('ben', api)).toBeDefined();
    expect(await answers.kept('ana', api)).toBeUndefined();
  });

  it("chooses one PB's page from the kept version's PBs, without reading the profile again", async () => {
    const { profiles, answers } = world();
    profiles.find.mockImplementation(() =>
      Promise.resolve({
        user: { displayName: 'Maya', bio: 'first', profileImage: null },
        pbs: [{ id: 'p1' } as PublicProfile['pbs'][number]],
      }),
    );
    const linkTo = (pbId: string): AnswerChoice => ({
      name: pbId,
      choose: (visible) =>
        visible.has(pbId)
          ? { name: `pb:${pbId}`, bySpelling: true, perPb: true, render: () => `pb ${pbId}` }
          : page,
    });
    expect(await body(answers, 'maya', page)).toBe('maya:first');
    expect(await body(answers, 'maya', linkTo('p1'))).toBe('pb p1');
    expect(await body(answers, 'maya', linkTo('hidden'))).toBe('maya:first');
    expect(await body(answers, 'maya', linkTo('p1'))).toBe('pb p1');
    // The page, then p1's page; the hidden PB's link served the kept page.
    expect(profiles.find).toHaveBeenCalledTimes(2);
  });
});
