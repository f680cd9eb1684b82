import { describe, expect, it } from 'vitest';
import { personalBestSchema } from './pbs.js';
import { publicPbSchema } from './public-profile.js';

describe("a card's standing on the wire", () => {
  it('is the owner’s in full, and only the badge’s end for visitors', () => {
    expect(Object.keys(personalBestSchema.shape)).toEqual(
      expect.arrayContaining(['improvement', 'newPbUntil']),
    );
    expect(Object.keys(publicPbSchema.shape)).toContain('newPbUntil');
    // The change is the value minus the previous best: either would give history away.
    expect(Object.keys(publicPbSchema.shape)).not.toContain('improvement');
  });

  it('takes an improvement or null, and an end or null', () => {
    const standing = personalBestSchema.pick({ improvement: true, newPbUntil: true });
    expect(
      standing.parse({
        improvement: { previousBest: '140 kg', change: '+5 kg', beaten: true },
        newPbUntil: '2026-03-21T10:00:00.000Z',
      }),
    ).toEqual({
      improvement: { previousBest: '140 kg', change: '+5 kg', beaten: true },
      newPbUntil: '2026-03-21T10:00:00.000Z',
    });
    expect(standing.parse({ improvement: null, newPbUntil: null })).toEqual({
      improvement: null,
      newPbUntil: null,
    });
    expect(standing.safeParse({ improvement: { change: '+5 kg' }, newPbUntil: null }).success).toBe(
      false,
    );
  });
});
