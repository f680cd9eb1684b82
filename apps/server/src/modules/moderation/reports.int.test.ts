import {
  MODERATION_MESSAGES,
  REPORTS_PER_ACCOUNT_PER_DAY,
  REPORTS_PER_ADDRESS_PER_HOUR,
  type PersonalBest,
} from '@pbshare/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, newSignedInUser, type SignedIn } from '../../test/accounts.js';
import { newSignedInAdmin } from '../../test/admins.js';
import { expectEnvelope, expectFailure, expectFieldIssue } from '../../test/envelope.js';
import { useTestApp } from '../../test/file-hooks.js';
import { acted, freshAddress, reported, sendReport, userIdOf } from '../../test/moderation.js';
import { createPb, weightFields } from '../../test/pbs.js';
import { removeWebDist, writeWebDist } from '../../test/web-dist.js';

// Anyone may report a profile or one of its public PBs: a visitor with an e-mail for the answer,
// a member by their session. Only what the public page shows can be reported, and nobody but
// the admins' records learns who reported.

const dist = writeWebDist();
const t = useTestApp({ webDistDir: dist });
let owner: SignedIn;
let ownerId: string;
let visible: PersonalBest;
let hidden: PersonalBest;
let older: PersonalBest['personalBestHistory'][number];
let member: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  owner = await newSignedInUser(t, 'Reported');
  ownerId = await userIdOf(t.app, owner);
  await createPb(t.app, owner, { ...weightFields('Bench', '100 kg'), date: '2025-01-05' });
  visible = await createPb(t.app, owner, weightFields('Bench', '110 kg'));
  const first = visible.personalBestHistory[0];
  if (!first) throw new Error('the second Bench record made no history');
  older = first;
  hidden = await createPb(t.app, owner, weightFields('Hidden Squat', '150 kg'));
  const hiding = await t.app.inject({
    method: 'PATCH',
    url: '/v1/pbs/visibility',
    headers: bearer(owner),
    payload: { id: hidden.id, isVisible: false },
  });
  expect(hiding.statusCode).toBe(200);
  member = await newSignedInUser(t, 'Reporter');
  admin = await newSignedInAdmin(t);
  return () => {
    removeWebDist(dist);
  };
});

const openReports = () =>
  t.database.db
    .selectFrom('reports')
    .selectAll()
    .where('target_user_id', '=', ownerId)
    .where('status', '=', 'open')
    .orderBy('created_at')
    .execute();

describe('a report', () => {
  it('from a visitor, of the profile, is taken with their e-mail for the answer', async () => {
    const res = await sendReport(t.app, {
      username: owner.displayName.toUpperCase(),
      reason: 'spam',
      note: '  Fake account  ',
      email: 'Visitor@Example.com',
    });
    expectEnvelope(res, {
      success: true,
      message: MODERATION_MESSAGES.reportThanks,
      data: null,
      status: 201,
    });
    const row = (await openReports()).at(-1);
    expect(row).toMatchObject({
      exercise_id: null,
      record_id: null,
      reason: 'spam',
      note: 'Fake account',
      reporter_user_id: null,
      reporter_email: 'visitor@example.com',
    });
  });

  it('from a member, of a public PB, needs no e-mail and names the PB`s exercise', async () => {
    await reported(
      t.app,
      { username: owner.displayName, pbId: visible.id, reason: 'nudity' },
      {
        as: member,
      },
    );
    const row = (await openReports()).at(-1);
    expect(row).toMatchObject({
      exercise_id: visible.exerciseId,
      record_id: visible.id,
      reason: 'nudity',
      note: '',
      reporter_user_id: await userIdOf(t.app, member),
      reporter_email: null,
    });
  });

  it('from a visitor needs an e-mail, also when their token is not valid', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-a-token' }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/reports',
        headers,
        payload: { username: owner.displayName, reason: 'spam' },
        remoteAddress: freshAddress(),
      });
      expectFieldIssue(res, 'email', MODERATION_MESSAGES.emailForAnswer);
    }
    const malformed = await sendReport(t.app, {
      username: owner.displayName,
      reason: 'spam',
      email: 'not an address',
    });
    expectFieldIssue(malformed, 'email', MODERATION_MESSAGES.emailForAnswer);
  });

  it('answers 404 for a name nobody has and for a PB the page does not show', async () => {
    const stranger = await newSignedInUser(t, 'Other');
    const theirs = await createPb(t.app, stranger, weightFields('Row', '80 kg'));
    const cases = [
      { username: 'nobody-has-this-name' },
      { username: 'login' },
      { username: owner.displayName, pbId: hidden.id },
      { username: owner.displayName, pbId: older.id },
      { username: owner.displayName, pbId: theirs.id },
      { username: owner.displayName, pbId: 'made-up-id' },
    ];
    const before = (await openReports()).length;
    for (const target of cases) {
      const res = await sendReport(t.app, { ...target, reason: 'other', email: 'v@example.com' });
      expectFailure(res, 404, 'NOT_FOUND');
    }
    expect(await openReports()).toHaveLength(before);
  });

  it('refuses the reporter`s own profile', async () => {
    const res = await sendReport(
      t.app,
      { username: owner.displayName, pbId: visible.id, reason: 'spam' },
      { as: owner },
    );
    expectFailure(res, 400, 'BAD_REQUEST', MODERATION_MESSAGES.ownProfile);
  });

  it('of a suspended profile answers 404, as for nobody', async () => {
    const suspended = await newSignedInUser(t, 'Suspended');
    await acted(t.app, admin, {
      action: 'suspend',
      reason: 'Spam',
      userId: await userIdOf(t.app, suspended),
    });
    const res = await sendReport(t.app, {
      username: suspended.displayName,
      reason: 'spam',
      email: 'v@example.com',
    });
    expectFailure(res, 404, 'NOT_FOUND');
  });
});

describe('the limits', () => {
  it(`take ${REPORTS_PER_ADDRESS_PER_HOUR} reports an hour from one address`, async () => {
    const address = freshAddress();
    const report = () =>
      sendReport(
        t.app,
        { username: owner.displayName, reason: 'spam', email: 'v@example.com' },
        { address },
      );
    for (let i = 0; i < REPORTS_PER_ADDRESS_PER_HOUR; i++) {
      expect((await report()).statusCode).toBe(201);
    }
    expectFailure(await report(), 429, 'RATE_LIMITED');
    // Another address is not held back.
    expect(
      (
        await sendReport(t.app, {
          username: owner.displayName,
          reason: 'spam',
          email: 'v@example.com',
        })
      ).statusCode,
    ).toBe(201);
  });

  it(`take ${REPORTS_PER_ACCOUNT_PER_DAY} reports a day from one account, whatever its address`, async () => {
    const busy = await newSignedInUser(t, 'Busy');
    const report = () =>
      sendReport(t.app, { username: owner.displayName, reason: 'other' }, { as: busy });
    for (let i = 0; i < REPORTS_PER_ACCOUNT_PER_DAY; i++) {
      expect((await report()).statusCode).toBe(201);
    }
    const refused = await report();
    expectFailure(refused, 429, 'RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60 * 60);
    // The same person signed out, with an e-mail, is a visitor again: the address limit rules.
    expect(
      (
        await sendReport(t.app, {
          username: owner.displayName,
          reason: 'other',
          email: busy.email,
        })
      ).statusCode,
    ).toBe(201);
  });
});

describe('who reported', () => {
  const NOTE = 'note-from-the-reporter-5d1c';

  it('reaches neither the owner, nor the public, nor the admins` queue', async () => {
    const snoop = await newSignedInUser(t, 'Snoop');
    const snoopId = await userIdOf(t.app, snoop);
    const visitorEmail = 'anonymous-reporter-9f2e@example.com';
    await reported(
      t.app,
      { username: owner.displayName, pbId: visible.id, reason: 'not-theirs', note: NOTE },
      { as: snoop },
    );
    await reported(t.app, {
      username: owner.displayName,
      pbId: visible.id,
      reason: 'not-theirs',
      email: visitorEmail,
    });
    const queue = await t.app.inject({
      method: 'GET',
      url: '/v1/admin/queue',
      headers: bearer(admin),
    });
    expect(queue.statusCode).toBe(200);
    expect(queue.body).toContain(NOTE);
    // The owner is told of a decision, with its reason: still nothing of who asked for it.
    await acted(t.app, admin, {
      action: 'hide-pb',
      reason: 'Not their photo',
      userId: ownerId,
      exerciseId: visible.exerciseId,
    });
    const ownerSees = await Promise.all(
      ['/v1/users/profile', '/v1/pbs', `/v1/pbs/${visible.id}`, '/v1/moderation/decisions'].map(
        (url) => t.app.inject({ method: 'GET', url, headers: bearer(owner) }),
      ),
    );
    const publicSees = await Promise.all(
      [`/${owner.displayName}`, `/v1/pbs/user/${owner.displayName}`].map((url) =>
        t.app.inject({ method: 'GET', url }),
      ),
    );
    for (const res of [queue, ...ownerSees, ...publicSees]) {
      expect(res.statusCode, res.body).toBe(200);
      for (const secret of [snoopId, snoop.email, snoop.displayName, visitorEmail]) {
        expect(res.body).not.toContain(secret);
      }
    }
    await t.mail.next(owner.email, 2);
    const decision = t.mail.lastTo(owner.email);
    expect(decision.subject).toBe('A decision about your PBShare profile');
    expect(decision.text).toContain('Not their photo');
    for (const mail of t.mail.to(owner.email)) {
      for (const secret of [snoopId, snoop.email, snoop.displayName, visitorEmail, NOTE]) {
        expect(mail.text).not.toContain(secret);
        expect(mail.html).not.toContain(secret);
      }
    }
  });
});
