import {
  personalBestSchema,
  publicPbSchema,
  publicProfileSchema,
  type PublicProfile,
} from '@pbshare/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, newSignedInUser, type SignedIn } from '../../test/accounts.js';
import { createPb, weightFields } from '../../test/pbs.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { PublicProfileService } from './service.js';

// The public answer is public because its schema says so: publicProfileSchema is the one list of
// what strangers see, applied where the cards are built (toPublicPb, which the page's inline copy
// uses too) and again by the route's serializer.

/** What the owner's card has and a stranger must never see. */
const OWNER_ONLY = [
  'createdAt',
  'exerciseId',
  'isVisible',
  'order',
  'personalBestHistory',
  'improvement',
  'moderation',
];

describe.each(['on', 'off'] as const)('with the fast path %s', (mode) => {
  let t: TestApp;
  let owner: SignedIn;

  beforeAll(async () => {
    t = await createTestApp({ publicFastPath: mode === 'on' });
    owner = await newSignedInUser(t, 'Public.Answer');
    await createPb(t.app, owner, weightFields('Bench', '225 lbs'));
    // Enough for the answer to pass compression's 1 KB threshold.
    await createPb(t.app, owner, weightFields('Squat', '315 lbs'));
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /**
   * A write that changes nothing a visitor sees but still bumps the profile version, so the next
   * lookup builds the answer again instead of serving the one prepared earlier.
   */
  const outdateAnswers = async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/v1/users',
      headers: bearer(owner),
      payload: { bio: '' },
    });
    expect(res.statusCode).toBe(200);
  };

  const lookup = (headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: `/v1/pbs/user/${encodeURIComponent(owner.displayName)}`,
      headers,
    });

  describe('the public PB answer', () => {
    it('is a schema that lists none of the owner-only fields of a card', () => {
      const ownerFields = Object.keys(personalBestSchema.shape);
      for (const field of OWNER_ONLY) {
        expect(ownerFields).toContain(field);
        expect(Object.keys(publicPbSchema.shape)).not.toContain(field);
      }
    });

    it('is built with exactly the schema`s fields, for the API and the page alike', async () => {
      const find = vi.spyOn(PublicProfileService.prototype, 'find');
      await outdateAnswers();
      expect((await lookup()).statusCode).toBe(200);
      expect(find).toHaveBeenCalledOnce();
      const built = (await find.mock.results[0]?.value) as PublicProfile;
      const profile = publicProfileSchema.strict().parse(built);
      expect(profile.pbs).toHaveLength(2);
      for (const pb of built.pbs) {
        expect(Object.keys(pb).sort()).toEqual(Object.keys(publicPbSchema.shape).sort());
      }
    });

    it('never carries a private field, even when the service hands one over', async () => {
      const real = (await lookup()).json<{ data: PublicProfile }>().data;
      const [card, other] = real.pbs;
      if (!card || !other) throw new Error('the owner has two PBs');
      // What a careless change could put in the profile: the owner's whole card, row fields, ids.
      const leaky = {
        user: {
          ...real.user,
          email: owner.email,
          subscription_tier: 'unlimited',
          userId: 'user-secret-id',
        },
        pbs: [
          {
            ...card,
            createdAt: '2026-03-14T10:00:00.000Z',
            exerciseId: 'exercise-secret-id',
            isVisible: false,
            order: 7,
            personalBestHistory: [{ ...card, id: 'older-secret-record' }],
            mediaBytes: 123456,
            media: { ...card.media, mediaKey: 'pbs/secret-key/original.jpg' },
          },
          other,
        ],
        ownerId: 'user-secret-id',
      };
      const find = vi.spyOn(PublicProfileService.prototype, 'find').mockResolvedValue(leaky);
      await outdateAnswers();

      const res = await lookup();
      expect(find).toHaveBeenCalledOnce();
      expect(res.statusCode).toBe(200);
      expect(res.json<{ data: PublicProfile }>().data).toEqual(real);
      for (const secret of [
        owner.email,
        'subscription_tier',
        'userId',
        'ownerId',
        'user-secret-id',
        'exercise-secret-id',
        'older-secret-record',
        'mediaBytes',
        'mediaKey',
        'secret-key',
        ...OWNER_ONLY,
      ]) {
        expect(res.body).not.toContain(secret);
      }
    });

    it('has one ETag, made before compression, so a compressed copy revalidates too', async () => {
      const plain = await lookup();
      const gzip = await lookup({ 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gzip.headers.etag).toBe(plain.headers.etag);
      const again = await lookup({
        'accept-encoding': 'gzip',
        'if-none-match': String(plain.headers.etag),
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers['content-type']).toBeUndefined();
    });
  });
});
