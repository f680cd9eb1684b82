import { publicPbSchema, type PublicProfile } from '@pbshare/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newSignedInUser, type SignedIn } from '../../test/accounts.js';
import { formData } from '../../test/form-data.js';
import { createPb, weightFields } from '../../test/pbs.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let owner: SignedIn;
let ids: { shown: string; hidden: string; first: string };

beforeAll(async () => {
  t = await createTestApp();
  owner = await newSignedInUser(t, 'Maya.Lifts');
  await t.app.inject({
    method: 'PUT',
    url: '/v1/users',
    headers: bearer(owner),
    payload: formData({ bio: 'Chasing four plates' }),
  });
  const first = await createPb(t.app, owner, weightFields('Bench', '225 lbs'));
  const hidden = await createPb(t.app, owner, weightFields('Secret Squat', '405 lbs'));
  const shown = await createPb(t.app, owner, {
    title: '5K',
    category: 'Running',
    value: '0:22:48',
    story: 'Sub 23!',
  });
  await createPb(t.app, owner, { ...weightFields('Bench', '200 lbs'), date: '2020-01-01' });
  await t.app.inject({
    method: 'PATCH',
    url: '/v1/pbs/visibility',
    headers: bearer(owner),
    payload: { id: hidden.id, isVisible: false },
  });
  ids = { shown: shown.id, hidden: hidden.id, first: first.id };
});
afterAll(() => t.close());

const lookup = (name: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/v1/pbs/user/${encodeURIComponent(name)}`, headers });

describe('GET /v1/pbs/user/{username}', () => {
  it('shows public fields and visible current PBs in order, to anyone, in any case', async () => {
    const res = await lookup(owner.displayName.toUpperCase());
    expect(res.statusCode).toBe(200);
    const profile = res.json<{ data: PublicProfile }>().data;
    expect(profile.user).toEqual({
      displayName: owner.displayName,
      bio: 'Chasing four plates',
      profileImage: null,
    });
    expect(profile.pbs.map((p) => p.id)).toEqual([ids.shown, ids.first]);
    expect(profile.pbs[0]).toMatchObject({
      title: '5K',
      value: '0:22:48',
      displayValue: '22:48',
      story: 'Sub 23!',
      mediaType: 'image',
    });
    expect(profile.pbs[0]?.media.cardUrl).toMatch(/^\/media\//);
    // Exactly the public schema's fields: nothing of the owner's card (order, ids, history).
    for (const pb of profile.pbs) {
      expect(Object.keys(pb).sort()).toEqual(Object.keys(publicPbSchema.shape).sort());
    }
  });

  it('never reveals the e-mail, the tier, hidden PBs or history', async () => {
    const res = await lookup(owner.displayName);
    expect(res.body).not.toContain(owner.email);
    expect(res.body).not.toMatch(
      /subscription|tier|unlimited|free|isVisible|personalBestHistory|Secret Squat|200 lbs/,
    );
  });

  it('answers 404 in the envelope for unknown and reserved names', async () => {
    for (const name of ['nobody-here', 'login', 'pricing', 'v1']) {
      const res = await lookup(name);
      expect(res.statusCode, name).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });

  it('carries an ETag and a short public cache, answers 304, and changes as soon as the owner edits', async () => {
    const first = await lookup(owner.displayName);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=15, must-revalidate');
    const again = await lookup(owner.displayName, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await t.app.inject({
      method: 'PATCH',
      url: '/v1/pbs/update-order',
      headers: bearer(owner),
      payload: { orderedIds: [ids.first, ids.hidden, ids.shown] },
    });
    const reordered = await lookup(owner.displayName, { 'if-none-match': etag });
    expect(reordered.statusCode).toBe(200);
    expect(reordered.json<{ data: PublicProfile }>().data.pbs.map((p) => p.id)).toEqual([
      ids.first,
      ids.shown,
    ]);
  });
});
