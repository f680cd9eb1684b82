import {
  MODERATION_MESSAGES,
  ownerDecisionsSchema,
  type OwnerDecision,
  type PersonalBest,
  type User,
} from '@pbshare/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, newSignedInUser, type SignedIn } from '../../test/accounts.js';
import { newSignedInAdmin } from '../../test/admins.js';
import { expectEnvelope, expectFailure, expectFieldIssue } from '../../test/envelope.js';
import { useTestApp } from '../../test/file-hooks.js';
import { acted, userIdOf } from '../../test/moderation.js';
import { createPb, listPbs, weightFields } from '../../test/pbs.js';
import { sleep, waitUntil } from '../../test/wait-until.js';

// The owner's side: the decisions about their account (never a dismissal, never who reported or
// which admin), an appeal of each, one open at a time, and the state on their own data.

const t = useTestApp();
let admin: SignedIn;
let owner: SignedIn;
let ownerId: string;
let pb: PersonalBest;

beforeAll(async () => {
  admin = await newSignedInAdmin(t);
  owner = await newSignedInUser(t, 'Owner');
  ownerId = await userIdOf(t.app, owner);
  pb = await createPb(t.app, owner, weightFields('Snatch', '80 kg'));
});

async function decisions(session: SignedIn): Promise<OwnerDecision[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/v1/moderation/decisions',
    headers: bearer(session),
  });
  expect(res.statusCode, res.body).toBe(200);
  return ownerDecisionsSchema.strict().parse(res.json<{ data: unknown }>().data).decisions;
}

const appeal = (session: SignedIn, actionId: string, message = 'Please look again') =>
  t.app.inject({
    method: 'POST',
    url: '/v1/moderation/appeals',
    headers: bearer(session),
    payload: { actionId, message },
  });

describe('the owner`s decisions', () => {
  it('list every decision but dismissals, the newest first, with the PB`s title', async () => {
    expect(await decisions(owner)).toEqual([]);
    await acted(t.app, admin, { action: 'dismiss', userId: ownerId, reason: 'Nothing wrong' });
    const hide = await acted(t.app, admin, {
      action: 'hide-pb',
      userId: ownerId,
      exerciseId: pb.exerciseId,
      reason: 'Nudity',
    });
    await sleep(3);
    const suspend = await acted(t.app, admin, {
      action: 'suspend',
      userId: ownerId,
      reason: 'Spam',
    });
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/moderation/decisions',
      headers: bearer(owner),
    });
    expect(res.body).not.toContain(admin.email);
    expect(await decisions(owner)).toEqual([
      {
        id: suspend.id,
        action: 'suspend',
        reason: 'Spam',
        at: suspend.at,
        pbTitle: null,
        appeal: null,
      },
      {
        id: hide.id,
        action: 'hide-pb',
        reason: 'Nudity',
        at: hide.at,
        pbTitle: 'Snatch',
        appeal: null,
      },
    ]);
    // Nobody else's list has them.
    const stranger = await newSignedInUser(t, 'Stranger');
    expect(await decisions(stranger)).toEqual([]);
  });

  it('need a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/moderation/decisions' });
    expectFailure(res, 401, 'UNAUTHORIZED');
  });

  it('show on the owner`s own data: the suspension on the user, the moderation on the PB', async () => {
    const [hide, suspend] = [...(await decisions(owner))].reverse();
    const profile = await t.app.inject({
      method: 'GET',
      url: '/v1/users/profile',
      headers: bearer(owner),
    });
    expect(profile.json<{ data: User }>().data.suspension).toEqual({
      reason: 'Spam',
      at: suspend?.at,
    });
    const [card] = await listPbs(t.app, owner);
    expect(card?.moderation).toEqual({ reason: 'Nudity', at: hide?.at });
    // Nothing for an account moderation never touched.
    const other = await newSignedInUser(t, 'Untouched');
    await createPb(t.app, other, weightFields('Row', '60 kg'));
    const untouched = await t.app.inject({
      method: 'GET',
      url: '/v1/users/profile',
      headers: bearer(other),
    });
    expect(untouched.json<{ data: User }>().data.suspension).toBeNull();
    expect((await listPbs(t.app, other))[0]?.moderation).toBeNull();
  });
});

describe('an appeal', () => {
  it('is taken once per decision while it is open, and again once it is answered', async () => {
    const [suspend] = await decisions(owner);
    if (!suspend) throw new Error('no decision');
    expectEnvelope(await appeal(owner, suspend.id, '  It was my brother  '), {
      success: true,
      message: MODERATION_MESSAGES.appealSent,
      data: null,
      status: 201,
    });
    const stored = await t.database.db
      .selectFrom('appeals')
      .select(['message', 'status'])
      .where('action_id', '=', suspend.id)
      .execute();
    expect(stored).toEqual([{ message: 'It was my brother', status: 'open' }]);
    expect((await decisions(owner))[0]?.appeal).toMatchObject({ status: 'open' });
    expectFailure(
      await appeal(owner, suspend.id),
      409,
      'CONFLICT',
      MODERATION_MESSAGES.alreadyAppealed,
    );

    const [open] = await t.database.db
      .selectFrom('appeals')
      .select('id')
      .where('action_id', '=', suspend.id)
      .execute();
    await acted(t.app, admin, {
      action: 'dismiss',
      userId: ownerId,
      reason: 'The suspension stays',
      appealId: open?.id ?? '',
    });
    expect((await decisions(owner))[0]?.appeal).toMatchObject({ status: 'resolved' });
    // Kept after an appeal: the owner is told the decision stands, and why.
    const kept = () => t.mail.to(owner.email).find((m) => m.text.includes('reviewed your appeal'));
    await waitUntil('the appeal answer mail', () => kept() !== undefined);
    expect(kept()?.text).toContain('Reason: The suspension stays');
    expect((await appeal(owner, suspend.id, 'Once more')).statusCode).toBe(201);
    expect((await decisions(owner))[0]?.appeal).toMatchObject({ status: 'open' });
  });

  it('of a decision about someone else, a dismissal or nothing answers 404', async () => {
    const stranger = await newSignedInUser(t, 'Stranger');
    const [, hide] = await decisions(owner);
    if (!hide) throw new Error('no decision');
    expectFailure(await appeal(stranger, hide.id), 404, 'NOT_FOUND');
    const dismissal = await t.database.db
      .selectFrom('moderation_actions')
      .select('id')
      .where('target_user_id', '=', ownerId)
      .where('action', '=', 'dismiss')
      .executeTakeFirstOrThrow();
    expectFailure(await appeal(owner, dismissal.id), 404, 'NOT_FOUND');
    expectFailure(await appeal(owner, 'no-such-decision'), 404, 'NOT_FOUND');
    const appeals = await t.database.db
      .selectFrom('appeals')
      .select('id')
      .where('action_id', '=', hide.id)
      .execute();
    expect(appeals).toEqual([]);
  });

  it('sent twice at the same instant is stored once', async () => {
    const other = await newSignedInUser(t, 'Twice');
    const otherId = await userIdOf(t.app, other);
    const suspend = await acted(t.app, admin, {
      action: 'suspend',
      userId: otherId,
      reason: 'Spam',
    });
    const answers = await Promise.all([appeal(other, suspend.id), appeal(other, suspend.id)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    const stored = await t.database.db
      .selectFrom('appeals')
      .select('status')
      .where('action_id', '=', suspend.id)
      .execute();
    expect(stored).toEqual([{ status: 'open' }]);
  });

  it('needs a message', async () => {
    const [, hide] = await decisions(owner);
    expectFieldIssue(await appeal(owner, hide?.id ?? '', '   '), 'message', 'Say why');
  });

  it('keeps the decision once its PB is gone, without the title', async () => {
    const [, hide] = await decisions(owner);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/v1/pbs/${pb.id}`,
      headers: bearer(owner),
    });
    expect(res.statusCode).toBe(200);
    const after = (await decisions(owner)).find((d) => d.id === hide?.id);
    expect(after).toMatchObject({ action: 'hide-pb', pbTitle: null });
  });
});
