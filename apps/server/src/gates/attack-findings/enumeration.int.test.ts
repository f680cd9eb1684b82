import { performance } from 'node:perf_hooks';
import type * as Argon2 from '@node-rs/argon2';
import { hash as argon2Hash } from '@node-rs/argon2';
import { AUTH_MESSAGES } from '@pbshare/shared';
import { describe, expect, it, vi } from 'vitest';
import { registerAndVerify, uniqueAccount } from '../../test/accounts.js';
import { tokenOf } from '../../test/capturing-mailer.js';
import { useTestApp } from '../../test/file-hooks.js';
import { jobsSettled } from '../../test/jobs.js';
import { userRow } from '../../test/user-rows.js';

/*
 * Learning who has an account, as a black-box attack on the API found it (issue 33, item 5):
 * each describe replays one finding and asserts the defence.
 */

vi.mock('@node-rs/argon2', async (importOriginal) => {
  const argon2 = await importOriginal<typeof Argon2>();
  return { ...argon2, hash: vi.fn(argon2.hash) };
});

const t = useTestApp({ publicOrigin: 'https://pb.example' });

// Every call from its own address: the per-address limits are not what these tests are about.
let calls = 0;
const post = (url: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: `10.35.${++calls >> 8}.${calls & 255}`,
  });

/** Accounts made straight in the database (no hashing), each with its own address. */
async function knownAddresses(count: number, verified: boolean): Promise<string[]> {
  const rows = Array.from({ length: count }, () => {
    const row = userRow(uniqueAccount('known').displayName);
    return { ...row, email_verified_at: verified ? row.created_at : null };
  });
  await t.database.db.insertInto('users').values(rows).execute();
  return rows.map((r) => r.email);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/**
 * The median time of `known(i)` and of `unknown(i)`, taken in turns so both see the same machine
 * load (a busy CI machine slows both, not one). Only the answer is timed: the mail goes later.
 */
async function timeBoth(
  n: number,
  known: (i: number) => Promise<unknown>,
  unknown: (i: number) => Promise<unknown>,
) {
  const times = { known: [] as number[], unknown: [] as number[] };
  for (let i = 0; i < n; i++) {
    for (const [name, call] of [
      ['known', known],
      ['unknown', unknown],
    ] as const) {
      const start = performance.now();
      await call(i);
      times[name].push(performance.now() - start);
      // The mail job runs after the answer; let it finish so it slows neither branch's next call.
      await jobsSettled(t.database.db);
    }
  }
  return { known: median(times.known), unknown: median(times.unknown) };
}

/** Generous, so a loaded machine does not fail it, yet the gaps the attack measured (3x) do. */
function expectAlike({ known, unknown }: { known: number; unknown: number }) {
  const close =
    Math.abs(known - unknown) < 2 || Math.max(known, unknown) / Math.min(known, unknown) < 1.5;
  expect(close, `medians: known ${known.toFixed(2)} ms, unknown ${unknown.toFixed(2)} ms`).toBe(
    true,
  );
}

describe("finding: sign-up answered 409 'An account with this email already exists'", () => {
  it('answers an address that has an account exactly as a new one, and mails its owner', async () => {
    const owner = await registerAndVerify(t);
    const fresh = await post('/v1/auth/register', uniqueAccount());
    const again = await post('/v1/auth/register', { ...uniqueAccount(), email: owner.email });
    expect(fresh.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(fresh.body);
    expect(again.json()).toMatchObject({ message: AUTH_MESSAGES.signedUp, data: null });

    const notice = await t.mail.next(owner.email, 2);
    expect(notice.subject).toBe('Someone tried to sign up with your address on PBShare');
    expect(notice.text).toContain('https://pb.example/login');
    expect(notice.text).toContain('https://pb.example/forgot-password');
  });

  it('hashes the password in both branches, so they take as long', async () => {
    const known = await knownAddresses(12, true);
    const hashes = vi.mocked(argon2Hash);
    hashes.mockClear();
    await post('/v1/auth/register', { ...uniqueAccount(), email: known[11] });
    expect(hashes).toHaveBeenCalledTimes(1);
    hashes.mockClear();
    await post('/v1/auth/register', uniqueAccount());
    expect(hashes).toHaveBeenCalledTimes(1);

    expectAlike(
      await timeBoth(
        11,
        (i) => post('/v1/auth/register', { ...uniqueAccount(), email: known[i] }),
        () => post('/v1/auth/register', uniqueAccount()),
      ),
    );
  });
});

describe('finding: forgot-password and resend-verification answered faster with no account', () => {
  it.each([
    ['/v1/auth/forgot-password', true],
    ['/v1/auth/resend-verification', false],
  ])('%s answers alike and as fast, and mails only the account', async (url, verified) => {
    const n = 30;
    const known = await knownAddresses(n + 1, verified);
    const ghosts = Array.from({ length: n + 1 }, (_, i) => `ghost-${calls}-${i}@example.com`);
    await jobsSettled(t.database.db);

    const [a, b] = [await post(url, { email: known[n] }), await post(url, { email: ghosts[n] })];
    expect(a.statusCode).toBe(200);
    expect(a.body).toBe(b.body);
    const mail = await t.mail.next(known[n] ?? '');
    expect(mail.link).toMatch(/^https:\/\/pb\.example\/(reset-password|verify)\?token=/);

    expectAlike(
      await timeBoth(
        n,
        (i) => post(url, { email: known[i] }),
        (i) => post(url, { email: ghosts[i] }),
      ),
    );
    await jobsSettled(t.database.db);
    for (const ghost of ghosts) expect(t.mail.to(ghost)).toEqual([]);
  });
});

describe('finding: a spent verification link kept answering 200 with the account', () => {
  it('answers a spent link as the first click did, with no account data', async () => {
    const account = uniqueAccount();
    await post('/v1/auth/register', account);
    const token = tokenOf(await t.mail.next(account.email));
    const verify = () =>
      t.app.inject({ method: 'GET', url: `/v1/auth/verify?token=${encodeURIComponent(token)}` });

    const first = await verify();
    const again = await verify();
    expect(first.json()).toEqual({
      success: true,
      status: 200,
      message: AUTH_MESSAGES.emailVerified,
      data: null,
    });
    expect(again.body).toBe(first.body);
    const lower = again.body.toLowerCase();
    for (const secret of [account.email, account.displayName.toLowerCase(), 'tier', '"id"']) {
      expect(lower).not.toContain(secret);
    }
    // A link that never was still answers 400.
    const made = await t.app.inject({ method: 'GET', url: '/v1/auth/verify?token=made-up' });
    expect(made.json()).toMatchObject({ status: 400, code: 'TOKEN_INVALID' });
  });
});
