import {
  MODERATION_MESSAGES,
  type AuditEntry,
  type PersonalBest,
  type User,
} from '@pbshare/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, newSignedInUser, PASSWORD, signIn, type SignedIn } from '../../test/accounts.js';
import { newSignedInAdmin } from '../../test/admins.js';
import { expectFailure, expectFieldIssue } from '../../test/envelope.js';
import { useTestApp } from '../../test/file-hooks.js';
import { jobsSettled } from '../../test/jobs.js';
import { acted, reported, sendAction, userIdOf } from '../../test/moderation.js';
import { createPb, weightFields } from '../../test/pbs.js';
import { waitUntil } from '../../test/wait-until.js';

// Every action an admin takes: what it changes for the owner, the reports it resolves, its one
// audit entry, and the mail that tells the owner (all but a dismissal).

const t = useTestApp();
let admin: SignedIn;

beforeAll(async () => {
  admin = await newSignedInAdmin(t);
});

const SUBJECT = 'A decision about your PBShare profile';

interface Owner {
  session: SignedIn;
  id: string;
  pb: PersonalBest;
}

/** A new owner with one public PB. */
async function newOwner(prefix = 'Owner'): Promise<Owner> {
  const session = await newSignedInUser(t, prefix);
  const pb = await createPb(t.app, session, weightFields('Deadlift', '200 kg'));
  return { session, id: await userIdOf(t.app, session), pb };
}

const get = (url: string, session?: SignedIn) =>
  t.app.inject({ method: 'GET', url, ...(session && { headers: bearer(session) }) });

async function ownCard(owner: Owner): Promise<PersonalBest> {
  return (await get(`/v1/pbs/${owner.pb.id}`, owner.session)).json<{ data: PersonalBest }>().data;
}

async function ownProfile(owner: Owner): Promise<User> {
  return (await get('/v1/users/profile', owner.session)).json<{ data: User }>().data;
}

async function reportStatuses(userId: string) {
  const rows = await t.database.db
    .selectFrom('reports')
    .select(['exercise_id', 'status', 'resolved_by_action_id'])
    .where('target_user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  return rows;
}

async function auditEntries(userId: string) {
  return t.database.db
    .selectFrom('moderation_actions')
    .selectAll()
    .where('target_user_id', '=', userId)
    .execute();
}

/** The owner's `count`th decision mail, once it is out (mails leave from a job). */
async function decisionMail(owner: Owner, count = 1) {
  const decisions = () => t.mail.to(owner.session.email).filter((m) => m.subject === SUBJECT);
  await waitUntil(`${count} decision mail(s)`, () => decisions().length >= count);
  const mail = decisions()[count - 1];
  if (!mail) throw new Error('no decision mail');
  return mail;
}

/** One profile report and one PB report of the owner, from visitors. */
async function reportBoth(owner: Owner) {
  const username = owner.session.displayName;
  await reported(t.app, { username, reason: 'spam', email: 'v@example.com' });
  await reported(t.app, { username, pbId: owner.pb.id, reason: 'nudity', email: 'v@example.com' });
}

describe('every action', () => {
  it('needs a reason, and an account and PB that exist', async () => {
    const owner = await newOwner();
    for (const reason of [undefined, '', '   ']) {
      const res = await sendAction(t.app, admin, { action: 'suspend', userId: owner.id, reason });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ code: string }>().code).toBe('VALIDATION_ERROR');
    }
    expectFieldIssue(
      await sendAction(t.app, admin, { action: 'suspend', userId: owner.id, reason: ' ' }),
      'reason',
      MODERATION_MESSAGES.reasonRequired,
    );
    expectFailure(
      await sendAction(t.app, admin, { action: 'suspend', userId: 'no-such-user', reason: 'x' }),
      404,
      'NOT_FOUND',
    );
    const other = await newOwner('Other');
    expectFailure(
      await sendAction(t.app, admin, {
        action: 'hide-pb',
        userId: owner.id,
        exerciseId: other.pb.exerciseId,
        reason: 'x',
      }),
      404,
      'NOT_FOUND',
    );
    expectFieldIssue(
      await sendAction(t.app, admin, { action: 'hide-pb', userId: owner.id, reason: 'x' }),
      'exerciseId',
      'Choose the PB to hide.',
    );
    expectFailure(
      await sendAction(t.app, admin, {
        action: 'dismiss',
        userId: owner.id,
        reason: 'x',
        appealId: 'no-such-appeal',
      }),
      404,
      'NOT_FOUND',
    );
    expect(await auditEntries(owner.id)).toEqual([]);
    expect((await ownCard(owner)).moderation).toBeNull();
    expect((await ownProfile(owner)).suspension).toBeNull();
  });

  it('answers its audit entry, and writes exactly that one', async () => {
    const owner = await newOwner();
    const res = await sendAction(t.app, admin, {
      action: 'hide-pb',
      userId: owner.id,
      exerciseId: owner.pb.exerciseId,
      reason: '  Nudity  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ message: string; data: { entry: AuditEntry } }>();
    expect(body.message).toBe(MODERATION_MESSAGES.actionDone);
    expect(body.data.entry).toEqual({
      id: expect.any(String) as string,
      at: expect.any(String) as string,
      adminEmail: admin.email,
      action: 'hide-pb',
      userId: owner.id,
      username: owner.session.displayName,
      exerciseId: owner.pb.exerciseId,
      recordId: owner.pb.id,
      reason: 'Nudity',
    });
    const rows = await auditEntries(owner.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).toBe(body.data.entry.id);
  });
});

describe('dismiss', () => {
  it('of a PB resolves that PB`s reports, of a profile its own: nothing changes for the owner', async () => {
    const owner = await newOwner();
    await reportBoth(owner);
    const pbDismissal = await acted(t.app, admin, {
      action: 'dismiss',
      userId: owner.id,
      exerciseId: owner.pb.exerciseId,
      reason: 'A normal gym photo',
    });
    expect(await reportStatuses(owner.id)).toEqual([
      { exercise_id: null, status: 'open', resolved_by_action_id: null },
      {
        exercise_id: owner.pb.exerciseId,
        status: 'resolved',
        resolved_by_action_id: pbDismissal.id,
      },
    ]);
    const profileDismissal = await acted(t.app, admin, {
      action: 'dismiss',
      userId: owner.id,
      reason: 'Not spam',
    });
    expect((await reportStatuses(owner.id))[0]).toEqual({
      exercise_id: null,
      status: 'resolved',
      resolved_by_action_id: profileDismissal.id,
    });
    expect((await ownCard(owner)).moderation).toBeNull();
    expect((await ownCard(owner)).isVisible).toBe(true);
    expect((await get(`/v1/pbs/user/${owner.session.displayName}`)).statusCode).toBe(200);
    const decisions = await get('/v1/moderation/decisions', owner.session);
    expect(decisions.json<{ data: unknown }>().data).toEqual({ decisions: [] });
    // No mail: once every queued job has run, no decision reached the owner.
    await jobsSettled(t.database.db);
    expect(t.mail.to(owner.session.email).map((m) => m.subject)).not.toContain(SUBJECT);
  });
});

describe('hide-pb and restore of a PB', () => {
  it('hide the PB from the public with its reason, keep it from its owner`s toggle, and bring it back', async () => {
    const owner = await newOwner();
    const other = await createPb(t.app, owner.session, weightFields('Squat', '150 kg'));
    await reportBoth(owner);
    const oldUrl = owner.pb.media.fullUrl;

    const hide = await acted(t.app, admin, {
      action: 'hide-pb',
      userId: owner.id,
      exerciseId: owner.pb.exerciseId,
      reason: 'Nudity',
    });
    const card = await ownCard(owner);
    expect(card.isVisible).toBe(false);
    expect(card.moderation).toEqual({ reason: 'Nudity', at: hide.at });
    // The other PB is untouched.
    const squat = (await get(`/v1/pbs/${other.id}`, owner.session)).json<{ data: PersonalBest }>();
    expect(squat.data.moderation).toBeNull();
    // Its old address stops working (new keys, as an owner's hide does); the owner still sees it.
    expect((await get(oldUrl)).statusCode).toBe(404);
    expect((await get(card.media.fullUrl)).statusCode).toBe(200);
    const publicIds = (await get(`/v1/pbs/user/${owner.session.displayName}`)).json<{
      data: { pbs: { id: string }[] };
    }>().data.pbs;
    expect(publicIds.map((pb) => pb.id)).toEqual([other.id]);
    // The PB's report is answered; the profile's is not.
    expect((await reportStatuses(owner.id)).map((r) => r.status)).toEqual(['open', 'resolved']);

    const mail = await decisionMail(owner);
    expect(mail.text).toContain('A moderator hid your PB "Deadlift" from your public page.');
    expect(mail.text).toContain('Reason: Nudity');
    expect(mail.text).toContain("sign in, open Settings → Moderation and choose 'Appeal'");
    expect(mail.link).toBe(`${t.config.publicOrigin}/profile/settings?tab=moderation`);

    const show = await t.app.inject({
      method: 'PATCH',
      url: '/v1/pbs/visibility',
      headers: bearer(owner.session),
      payload: { id: owner.pb.id, isVisible: true },
    });
    expectFailure(show, 409, 'CONFLICT', MODERATION_MESSAGES.hiddenUntilRestored);
    expect((await ownCard(owner)).isVisible).toBe(false);
    // Hiding it again is refused; the owner may still hide and edit it.
    expectFailure(
      await sendAction(t.app, admin, {
        action: 'hide-pb',
        userId: owner.id,
        exerciseId: owner.pb.exerciseId,
        reason: 'Again',
      }),
      409,
      'CONFLICT',
    );

    await acted(t.app, admin, {
      action: 'restore',
      userId: owner.id,
      exerciseId: owner.pb.exerciseId,
      reason: 'It was a costume',
    });
    const restored = await ownCard(owner);
    expect(restored.isVisible).toBe(true);
    expect(restored.moderation).toBeNull();
    const publicAgain = (await get(`/v1/pbs/user/${owner.session.displayName}`)).json<{
      data: { pbs: { id: string }[] };
    }>().data.pbs;
    expect(publicAgain.map((pb) => pb.id).sort()).toEqual([owner.pb.id, other.id].sort());
    const restoreMail = await decisionMail(owner, 2);
    expect(restoreMail.text).toContain('A moderator restored your PB "Deadlift"');
    expect(restoreMail.text).toContain('Reason: It was a costume');
    expectFailure(
      await sendAction(t.app, admin, {
        action: 'restore',
        userId: owner.id,
        exerciseId: owner.pb.exerciseId,
        reason: 'Again',
      }),
      409,
      'CONFLICT',
    );
  });
});

describe('suspend and restore of a profile', () => {
  it('suspend resolves every report; the owner still signs in, sees why and downloads their data', async () => {
    const owner = await newOwner();
    await reportBoth(owner);
    const entry = await acted(t.app, admin, {
      action: 'suspend',
      userId: owner.id,
      reason: 'Spam account',
    });
    expect((await reportStatuses(owner.id)).map((r) => r.status)).toEqual(['resolved', 'resolved']);
    const suspension = { reason: 'Spam account', at: entry.at };
    expect((await ownProfile(owner)).suspension).toEqual(suspension);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: owner.session.email, password: PASSWORD },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json<{ data: { user: User } }>().data.user.suspension).toEqual(suspension);
    expect((await get('/v1/users/export', owner.session)).statusCode).toBe(200);
    expect((await get('/v1/pbs', owner.session)).statusCode).toBe(200);
    const mail = await decisionMail(owner);
    expect(mail.text).toContain('A moderator suspended your profile');
    expect(mail.text).toContain('Reason: Spam account');
    expect(mail.text).toContain("choose 'Appeal'");

    expectFailure(
      await sendAction(t.app, admin, { action: 'suspend', userId: owner.id, reason: 'Again' }),
      409,
      'CONFLICT',
    );
    await acted(t.app, admin, { action: 'restore', userId: owner.id, reason: 'Appeal accepted' });
    expect((await ownProfile(owner)).suspension).toBeNull();
    expect((await get(`/v1/pbs/user/${owner.session.displayName}`)).statusCode).toBe(200);
    expect((await decisionMail(owner, 2)).text).toContain(
      'A moderator lifted the suspension of your profile',
    );
    expectFailure(
      await sendAction(t.app, admin, { action: 'restore', userId: owner.id, reason: 'Again' }),
      409,
      'CONFLICT',
    );
  });
});

describe('delete', () => {
  it('of a PB removes the exercise with its records and files', async () => {
    const owner = await newOwner();
    const older = await createPb(t.app, owner.session, {
      ...weightFields('Deadlift', '180 kg'),
      date: '2025-01-01',
    });
    const files = [owner.pb.media.fullUrl, older.media.fullUrl];
    await reportBoth(owner);
    const entry = await acted(t.app, admin, {
      action: 'delete',
      userId: owner.id,
      exerciseId: owner.pb.exerciseId,
      reason: 'Not their video',
    });
    expect(entry.recordId).toBe(owner.pb.id);
    expect((await get(`/v1/pbs/${owner.pb.id}`, owner.session)).statusCode).toBe(404);
    expect((await get(`/v1/pbs/${older.id}`, owner.session)).statusCode).toBe(404);
    for (const url of files) expect((await get(url)).statusCode, url).toBe(404);
    // Its report went with it; the profile's stays open.
    expect(await reportStatuses(owner.id)).toEqual([
      { exercise_id: null, status: 'open', resolved_by_action_id: null },
    ]);
    const mail = await decisionMail(owner);
    expect(mail.text).toContain('A moderator deleted your PB "Deadlift"');
    expect(mail.text).toContain('Reason: Not their video');
  });

  it('of a profile deletes the account as its owner would, after mailing them', async () => {
    const owner = await newOwner();
    await reportBoth(owner);
    const entry = await acted(t.app, admin, {
      action: 'delete',
      userId: owner.id,
      reason: 'Illegal content',
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: owner.session.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(401);
    expect((await get(owner.pb.media.fullUrl)).statusCode).toBe(404);
    expect((await get(`/v1/pbs/user/${owner.session.displayName}`)).statusCode).toBe(404);
    // The audit entry outlives the account, with the name it had.
    expect((await auditEntries(owner.id)).map((r) => [r.id, r.target_username])).toEqual([
      [entry.id, owner.session.displayName],
    ]);
    const mail = await decisionMail(owner);
    expect(mail.text).toContain('A moderator deleted your PBShare account');
    expect(mail.text).toContain('Reason: Illegal content');
    expect(mail.text).toContain(t.config.supportEmail);
    expect(mail.text).not.toContain('Appeal');
    // Nobody may take the name for a while, as after the owner's own deletion.
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/register',
      payload: {
        email: 'new-owner@example.com',
        password: PASSWORD,
        displayName: owner.session.displayName,
      },
    });
    expect(signUp.statusCode).toBe(409);
  });
});

describe('two admins acting at once', () => {
  /** Sends `input` twice at the same instant: one must succeed and the other answer 409. */
  async function race(input: Parameters<typeof sendAction>[2]) {
    const answers = await Promise.all([
      sendAction(t.app, admin, input),
      sendAction(t.app, admin, input),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((res) => res.statusCode === 409);
    return refused?.json<{ message: string }>().message;
  }

  it('cannot both suspend, restore, hide or restore a PB: one wins, one audit entry each', async () => {
    const owner = await newOwner();
    const pbTarget = { userId: owner.id, exerciseId: owner.pb.exerciseId };
    expect(await race({ action: 'suspend', userId: owner.id, reason: 'Spam' })).toBe(
      MODERATION_MESSAGES.alreadySuspended,
    );
    expect(await race({ action: 'restore', userId: owner.id, reason: 'Fine' })).toBe(
      MODERATION_MESSAGES.notSuspended,
    );
    expect(await race({ action: 'hide-pb', ...pbTarget, reason: 'Nudity' })).toBe(
      MODERATION_MESSAGES.alreadyHidden,
    );
    expect(await race({ action: 'restore', ...pbTarget, reason: 'Fine' })).toBe(
      MODERATION_MESSAGES.notHidden,
    );
    const actions = (await auditEntries(owner.id)).map((entry) => entry.action).sort();
    expect(actions).toEqual(['hide-pb', 'restore', 'restore', 'suspend']);
    expect((await ownCard(owner)).moderation).toBeNull();
    expect((await ownProfile(owner)).suspension).toBeNull();
  });

  it('cannot both answer one appeal', async () => {
    const owner = await newOwner();
    const suspend = await acted(t.app, admin, {
      action: 'suspend',
      userId: owner.id,
      reason: 'Spam',
    });
    const appealed = await t.app.inject({
      method: 'POST',
      url: '/v1/moderation/appeals',
      headers: bearer(owner.session),
      payload: { actionId: suspend.id, message: 'Not spam' },
    });
    expect(appealed.statusCode, appealed.body).toBe(201);
    const { id: appealId } = await t.database.db
      .selectFrom('appeals')
      .select('id')
      .where('action_id', '=', suspend.id)
      .executeTakeFirstOrThrow();
    const answers = await Promise.all(
      (['dismiss', 'dismiss'] as const).map((action) =>
        sendAction(t.app, admin, { action, userId: owner.id, reason: 'It stands', appealId }),
      ),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 404]);
    const dismissals = (await auditEntries(owner.id)).filter((e) => e.action === 'dismiss');
    expect(dismissals).toHaveLength(1);
  });
});

describe('an admin', () => {
  it('whose account another admin deletes loses the admin routes at once', async () => {
    const other = await newSignedInAdmin(t, 'SecondAdmin');
    const otherId = await userIdOf(t.app, other);
    await acted(t.app, admin, { action: 'delete', userId: otherId, reason: 'Compromised' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/admin/queue',
      headers: bearer(other),
    });
    expect(res.statusCode).toBe(404);
    await expect(signIn(t.app, { ...other, password: PASSWORD })).rejects.toThrow();
  });
});
