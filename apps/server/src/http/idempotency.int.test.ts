import { PassThrough } from 'node:stream';
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newSignedInUser, type SignedIn } from '../test/accounts.js';
import { expectFailure } from '../test/envelope.js';
import { encodeForm, formData } from '../test/form-data.js';
import { jpegWithGps, storedFiles, weightFields } from '../test/pbs.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { IdempotencyRepository } from './idempotency-repository.js';
import { idempotencyLeaseMs } from './idempotency.js';

let t: TestApp;
let jpeg: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  jpeg = await jpegWithGps(320, 240);
  // A second opted-in route, to reuse a key on another path. It trusts the token's subject
  // unverified: fine for a test route, never for a real one.
  t.app.post(
    '/v1/test/other',
    {
      config: { idempotent: true },
      preValidation: async (request: FastifyRequest) => {
        const claims = unverifiedClaims(request.headers.authorization?.split(' ')[1] ?? '');
        request.auth = { userId: claims.sub, sessionId: claims.sid };
      },
    },
    async (_request, reply) => reply.code(201).send({ made: randomUUID() }),
  );
});

afterAll(() => t.close());

function pbForm(title = 'Deadlift') {
  return formData(weightFields(title), [{ data: jpeg, contentType: 'image/jpeg' }]);
}

function postWithKey(session: SignedIn, key: string | undefined, body = pbForm()) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/pbs',
    headers: { ...bearer(session), ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });
}

function unverifiedClaims(token: string): { sub: string; sid: string } {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    sub: string;
    sid: string;
  };
}

/** Every record the user has, history included (a duplicate would hide in the history). */
async function recordCount(session: SignedIn): Promise<number> {
  const rows = await t.database.db
    .selectFrom('pb_records')
    .select('id')
    .where('user_id', '=', unverifiedClaims(session.accessToken).sub)
    .execute();
  return rows.length;
}

const keyRows = (key: string) =>
  t.database.db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).execute();

describe('Idempotency-Key on POST /v1/pbs', () => {
  it('recovers the answer of a create whose answer was never recorded (a crash after commit)', async () => {
    const me = await newSignedInUser(t);
    const key = randomUUID();
    const first = await postWithKey(me, key);
    expect(first.statusCode).toBe(201);
    // What a crash between the commit and recording the answer leaves: a key with no answer.
    await t.database.db
      .updateTable('idempotency_keys')
      .set({ status: null, response_body: null })
      .where('key', '=', key)
      .execute();
    const files = storedFiles(t.config.dataDir).length;

    const retry = await postWithKey(me, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    const firstCard = first.json<{ data: { id: string } }>().data;
    expect(retry.json<{ data: { id: string } }>().data.id).toBe(firstCard.id);
    expect(await recordCount(me)).toBe(1);
    expect(storedFiles(t.config.dataDir)).toHaveLength(files);
    // The recovered answer is now the recorded one.
    expect((await keyRows(key))[0]?.status).toBe(201);
  });

  it('answers a retry with the first answer and creates the PB once', async () => {
    const me = await newSignedInUser(t);
    const key = randomUUID();

    const first = await postWithKey(me, key);
    expect(first.statusCode).toBe(201);
    const filesAfterFirst = storedFiles(t.config.dataDir).length;

    const retry = await postWithKey(me, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.body).toBe(first.body);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    expect(await recordCount(me)).toBe(1);
    // The retry's upload was never processed: no new media, no temp file left.
    expect(storedFiles(t.config.dataDir)).toHaveLength(filesAfterFirst);
  });

  it('keeps keys per user: the same key from two users makes two PBs', async () => {
    const ann = await newSignedInUser(t);
    const bob = await newSignedInUser(t);
    const key = 'shared-key-1';

    const a = await postWithKey(ann, key);
    const b = await postWithKey(bob, key);
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(a.json<{ data: { id: string } }>().data.id).not.toBe(
      b.json<{ data: { id: string } }>().data.id,
    );
    expect(await recordCount(ann)).toBe(1);
    expect(await recordCount(bob)).toBe(1);
  });

  it('answers 409 to a duplicate that arrives while the first is still running', async () => {
    const me = await newSignedInUser(t);
    const key = randomUUID();
    const body = await encodeForm(pbForm());
    const half = Math.floor(body.bytes.length / 2);
    const slowBody = new PassThrough();
    slowBody.write(body.bytes.subarray(0, half));
    const first = t.app.inject({
      method: 'POST',
      url: '/v1/pbs',
      headers: { ...bearer(me), 'content-type': body.contentType, 'idempotency-key': key },
      payload: slowBody,
    });
    await waitFor(async () => (await keyRows(key)).length === 1);

    const duplicate = await postWithKey(me, key);
    expectFailure(duplicate, 409, 'IDEMPOTENCY_IN_PROGRESS');

    slowBody.end(body.bytes.subarray(half));
    const firstAnswer = await first;
    expect(firstAnswer.statusCode).toBe(201);
    const later = await postWithKey(me, key);
    expect(later.body).toBe(firstAnswer.body);
    expect(await recordCount(me)).toBe(1);
  });

  it('refuses a malformed key with 400 and creates nothing', async () => {
    const me = await newSignedInUser(t);
    for (const bad of ['has space', 'x'.repeat(256), 'tab\tkey', 'é-accent']) {
      const res = await postWithKey(me, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', status: 400 });
    }
    const empty = await t.app.inject({
      method: 'POST',
      url: '/v1/pbs',
      headers: { ...bearer(me), 'idempotency-key': '' },
      payload: pbForm(),
    });
    expect(empty.statusCode).toBe(400);
    expect(await recordCount(me)).toBe(0);
    expect((await postWithKey(me, 'x'.repeat(255))).statusCode).toBe(201);
  });

  it('answers 422 when the key was first used for another path', async () => {
    const me = await newSignedInUser(t);
    const key = randomUUID();
    expect((await postWithKey(me, key)).statusCode).toBe(201);

    const other = await t.app.inject({
      method: 'POST',
      url: '/v1/test/other',
      headers: { ...bearer(me), 'idempotency-key': key },
    });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', status: 422 });
  });

  it('lets a request that failed be retried with the same key', async () => {
    const me = await newSignedInUser(t);
    const key = randomUUID();
    const invalid = formData({ ...weightFields(), value: 'heavy' }, [
      { data: jpeg, contentType: 'image/jpeg' },
    ]);
    expect((await postWithKey(me, key, invalid)).statusCode).toBe(400);
    expect(await keyRows(key)).toHaveLength(0);

    const retry = await postWithKey(me, key);
    expect(retry.statusCode).toBe(201);
    expect(await recordCount(me)).toBe(1);
  });

  it('works as before without a key', async () => {
    const me = await newSignedInUser(t);
    expect((await postWithKey(me, undefined)).statusCode).toBe(201);
    expect((await postWithKey(me, undefined)).statusCode).toBe(201);
    expect(await recordCount(me)).toBe(2);
  });
});

describe('a reservation cut off by a crash', () => {
  /** What a crash while the request ran leaves: the key reserved `ageMs` ago, with no answer. */
  async function crashedReservation(session: SignedIn, key: string, ageMs: number) {
    const createdAt = new Date(Date.now() - ageMs).toISOString();
    await t.database.db
      .insertInto('idempotency_keys')
      .values({
        user_id: unverifiedClaims(session.accessToken).sub,
        key,
        fingerprint: 'POST /v1/pbs',
        status: null,
        response_body: null,
        created_at: createdAt,
      })
      .execute();
    return createdAt;
  }

  const lease = () => idempotencyLeaseMs(t.config.timeouts.requestMs);

  it('answers 409 while the lease runs, then lets one retry take the key over and run once', async () => {
    const me = await newSignedInUser(t);
    const key = randomUUID();
    const reservedAt = await crashedReservation(me, key, lease() - 60_000);
    expectFailure(await postWithKey(me, key), 409, 'IDEMPOTENCY_IN_PROGRESS');
    expect(await recordCount(me)).toBe(0);

    // The lease runs out: the first request can no longer be running.
    const longAgo = new Date(Date.parse(reservedAt) - 2 * 60_000).toISOString();
    await t.database.db
      .updateTable('idempotency_keys')
      .set({ created_at: longAgo })
      .where('key', '=', key)
      .execute();
    const retry = await postWithKey(me, key);
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await recordCount(me)).toBe(1);

    const again = await postWithKey(me, key);
    expect(again.body).toBe(retry.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await recordCount(me)).toBe(1);
  });

  it('lets only one of two racing retries take an expired lease', async () => {
    const me = await newSignedInUser(t);
    const key = randomUUID();
    await crashedReservation(me, key, lease() + 60_000);
    const answers = await Promise.all([postWithKey(me, key), postWithKey(me, key)]);
    const ran = answers.filter(
      (res) => res.statusCode === 201 && res.headers['idempotent-replayed'] === undefined,
    );
    expect(ran).toHaveLength(1);
    for (const res of answers) expect([201, 409], res.body).toContain(res.statusCode);
    expect(await recordCount(me)).toBe(1);
  });

  it('takes a reservation over only as it was seen (the conditional update)', async () => {
    const me = await newSignedInUser(t);
    const key = randomUUID();
    const seen = await crashedReservation(me, key, lease() + 60_000);
    const repository = new IdempotencyRepository(t.database.db);
    const ref = { userId: unverifiedClaims(me.accessToken).sub, key };
    const [a, b] = await Promise.all([
      repository.takeOver(ref, seen),
      repository.takeOver(ref, seen),
    ]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
  });
});

describe('key lifetime', () => {
  it('treats a key older than 24 hours as new, and the sweep deletes old keys', async () => {
    const me = await newSignedInUser(t);
    const key = randomUUID();
    const first = await postWithKey(me, key, pbForm('Squat'));
    expect(first.statusCode).toBe(201);

    const dayAndAHourAgo = new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString();
    await t.database.db
      .updateTable('idempotency_keys')
      .set({ created_at: dayAndAHourAgo })
      .where('key', '=', key)
      .execute();
    const again = await postWithKey(me, key, pbForm('Bench'));
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await recordCount(me)).toBe(2);

    await t.database.db
      .updateTable('idempotency_keys')
      .set({ created_at: dayAndAHourAgo })
      .where('key', '=', key)
      .execute();
    const repository = new IdempotencyRepository(t.database.db);
    expect(await repository.deleteExpired(new Date(Date.now() - 24 * 60 * 60 * 1000))).toBe(1);
    expect(await keyRows(key)).toHaveLength(0);
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
