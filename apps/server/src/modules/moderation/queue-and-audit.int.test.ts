import {
  auditLogSchema,
  moderationQueueSchema,
  type AuditEntry,
  type ModerationQueue,
  type PersonalBest,
} from '@pbshare/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, newSignedInUser, type SignedIn } from '../../test/accounts.js';
import { newSignedInAdmin } from '../../test/admins.js';
import { expectFailure } from '../../test/envelope.js';
import { useTestApp } from '../../test/file-hooks.js';
import { acted, reported, userIdOf } from '../../test/moderation.js';
import { createPb, weightFields } from '../../test/pbs.js';
import { sleep } from '../../test/wait-until.js';
import { QUEUE_NOTES_MAX } from './queue.js';

// The admins' queue groups the open reports by profile and by PB, the most recently reported
// first, with what an admin needs to decide; the audit log lists every action, newest first.

const t = useTestApp();
let admin: SignedIn;

beforeAll(async () => {
  admin = await newSignedInAdmin(t);
});

async function queue(): Promise<ModerationQueue> {
  const res = await t.app.inject({ method: 'GET', url: '/v1/admin/queue', headers: bearer(admin) });
  expect(res.statusCode, res.body).toBe(200);
  return moderationQueueSchema.strict().parse(res.json<{ data: unknown }>().data);
}

const audit = (query = '') =>
  t.app.inject({ method: 'GET', url: `/v1/admin/audit${query}`, headers: bearer(admin) });

async function auditPage(query = ''): Promise<AuditEntry[]> {
  const res = await audit(query);
  expect(res.statusCode, res.body).toBe(200);
  return auditLogSchema.parse(res.json<{ data: unknown }>().data).entries;
}

/** Reports made a few milliseconds apart, so their order is the order they were made in. */
async function reportInTurn(...reports: Parameters<typeof reported>[1][]): Promise<void> {
  for (const report of reports) {
    await reported(t.app, { email: 'v@example.com', ...report });
    await sleep(3);
  }
}

describe('the queue', () => {
  let first: SignedIn;
  let firstId: string;
  let pb: PersonalBest;
  let second: SignedIn;
  let secondId: string;

  beforeAll(async () => {
    first = await newSignedInUser(t, 'First');
    firstId = await userIdOf(t.app, first);
    pb = await createPb(t.app, first, weightFields('Clean', '100 kg'));
    second = await newSignedInUser(t, 'Second');
    secondId = await userIdOf(t.app, second);
  });

  it('groups open reports by profile and by PB, the latest activity first', async () => {
    const earlier = await acted(t.app, admin, {
      action: 'dismiss',
      userId: firstId,
      reason: 'An earlier look',
    });
    const username = first.displayName;
    await reportInTurn(
      { username, reason: 'spam', note: 'old note' },
      { username, pbId: pb.id, reason: 'nudity', note: 'pb note' },
      { username, reason: 'spam' },
      { username, reason: 'impersonation', note: 'new note' },
      { username: second.displayName, pbId: undefined, reason: 'harassment' },
    );
    const { items, appeals } = await queue();
    expect(appeals).toEqual([]);
    expect(items.map((item) => item.key)).toEqual([
      secondId,
      firstId,
      `${firstId}:${pb.exerciseId}`,
    ]);
    const [, profile, pbItem] = items;
    expect(profile).toMatchObject({
      profile: { userId: firstId, username, avatarUrl: null, suspended: null },
      pb: null,
      reasons: [
        { reason: 'spam', count: 2 },
        { reason: 'impersonation', count: 1 },
      ],
      total: 3,
      notes: ['new note', 'old note'],
    });
    expect(profile && profile.firstReportedAt < profile.lastReportedAt).toBe(true);
    expect(profile?.history).toEqual([earlier]);
    expect(pbItem).toMatchObject({
      pb: {
        exerciseId: pb.exerciseId,
        recordId: pb.id,
        title: 'Clean',
        mediaType: 'image',
        pictureUrl: pb.media.fullUrl,
        videoUrl: null,
        hidden: null,
      },
      reasons: [{ reason: 'nudity', count: 1 }],
      total: 1,
      notes: ['pb note'],
    });
  });

  it(`shows at most ${QUEUE_NOTES_MAX} notes of an item, the newest first`, async () => {
    const busy = await newSignedInUser(t, 'Busy');
    const notes = Array.from({ length: QUEUE_NOTES_MAX + 2 }, (_, i) => `note ${i}`);
    await reportInTurn(
      ...notes.map((note) => ({ username: busy.displayName, reason: 'spam' as const, note })),
    );
    const item = (await queue()).items.find((i) => i.profile.username === busy.displayName);
    expect(item?.total).toBe(notes.length);
    expect(item?.notes).toEqual(notes.slice(2).reverse());
  });

  it('drops what an action answered, and lists open appeals the oldest first', async () => {
    const hide = await acted(t.app, admin, {
      action: 'hide-pb',
      userId: firstId,
      exerciseId: pb.exerciseId,
      reason: 'Nudity',
    });
    const suspend = await acted(t.app, admin, {
      action: 'suspend',
      userId: secondId,
      reason: 'Harassment',
    });
    const keys = (await queue()).items.map((item) => item.key);
    expect(keys).not.toContain(`${firstId}:${pb.exerciseId}`);
    expect(keys).not.toContain(secondId);
    expect(keys).toContain(firstId);

    for (const [session, actionId, message] of [
      [first, hide.id, 'It is a medical photo'],
      [second, suspend.id, 'I was joking with a friend'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/moderation/appeals',
        headers: bearer(session),
        payload: { actionId, message },
      });
      expect(res.statusCode, res.body).toBe(201);
      await sleep(3);
    }
    const { appeals } = await queue();
    expect(appeals.map((a) => [a.username, a.message, a.decision])).toEqual([
      [first.displayName, 'It is a medical photo', hide],
      [second.displayName, 'I was joking with a friend', suspend],
    ]);

    // Answering the appeal closes it.
    const [appeal] = appeals;
    await acted(t.app, admin, {
      action: 'restore',
      userId: firstId,
      exerciseId: pb.exerciseId,
      reason: 'Medical, fine',
      appealId: appeal?.id ?? '',
    });
    expect((await queue()).appeals.map((a) => a.username)).toEqual([second.displayName]);
  });
});

describe('the audit log', () => {
  it('lists every action, the newest first, a page at a time', async () => {
    const someone = await userIdOf(t.app, await newSignedInUser(t, 'Someone'));
    const made: AuditEntry[] = [];
    for (const reason of ['one', 'two', 'three']) {
      made.unshift(await acted(t.app, admin, { action: 'dismiss', userId: someone, reason }));
      await sleep(3);
    }
    const all = await auditPage('?limit=100');
    expect(all.slice(0, 3)).toEqual(made);
    expect(all.length).toBeGreaterThanOrEqual(5);
    const times = all.map((entry) => entry.at);
    expect(times).toEqual([...times].sort().reverse());
    expect((await auditPage()).length).toBe(Math.min(all.length, 50));

    const pageOne = await auditPage('?limit=2');
    expect(pageOne).toEqual(all.slice(0, 2));
    const before = encodeURIComponent(pageOne.at(-1)?.at ?? '');
    const pageTwo = await auditPage(`?limit=2&before=${before}`);
    expect(pageTwo).toEqual(all.slice(2, 4));
    expect(await auditPage(`?before=${encodeURIComponent('2000-01-01T00:00:00.000Z')}`)).toEqual(
      [],
    );
  });

  it('pages through entries made in one millisecond without skipping or repeating any', async () => {
    const at = '2001-02-03T04:05:06.007Z';
    const ids = ['tie-a', 'tie-b', 'tie-c', 'tie-d'];
    await t.database.db
      .insertInto('moderation_actions')
      .values(
        ids.map((id) => ({
          id,
          admin_user_id: 'admin',
          admin_email: 'admin@example.com',
          target_user_id: 'someone',
          target_username: 'someone',
          action: 'dismiss',
          reason: 'tie',
          created_at: at,
        })),
      )
      .execute();
    const seen: string[] = [];
    let query = `?limit=1&before=${encodeURIComponent('2001-02-03T04:05:06.008Z')}`;
    for (;;) {
      const [entry] = await auditPage(query);
      if (!entry) break;
      seen.push(entry.id);
      query = `?limit=1&before=${encodeURIComponent(entry.at)}&beforeId=${entry.id}`;
    }
    expect(seen).toEqual([...ids].reverse());
  });

  it('keeps the entries as they were written, after the account changed or went', async () => {
    const owner = await newSignedInUser(t, 'Renamed');
    const ownerId = await userIdOf(t.app, owner);
    const entry = await acted(t.app, admin, { action: 'suspend', userId: ownerId, reason: 'Spam' });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/v1/users',
      headers: bearer(owner),
      payload: { displayName: `${owner.displayName}_b` },
    });
    expect(res.statusCode).toBe(200);
    await acted(t.app, admin, { action: 'delete', userId: ownerId, reason: 'Spam' });
    const kept = (await auditPage('?limit=100')).find((e) => e.id === entry.id);
    expect(kept).toEqual(entry);
    expect(kept?.username).toBe(owner.displayName);
  });

  it('refuses a limit outside 1 to 100, a `before` that is no time and an empty `beforeId`', async () => {
    const emptyId = `?before=${encodeURIComponent('2001-01-01T00:00:00.000Z')}&beforeId=`;
    for (const query of ['?limit=0', '?limit=101', '?limit=two', '?before=yesterday', emptyId]) {
      expectFailure(await audit(query), 400, 'VALIDATION_ERROR');
    }
  });
});
