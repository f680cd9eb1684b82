import type * as Argon2 from '@node-rs/argon2';
import { verify as argon2Verify } from '@node-rs/argon2';
import { AUTH_MESSAGES } from '@pbshare/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PASSWORD, register, registerAndVerify, uniqueAccount } from '../../test/accounts.js';
import { tokenOf } from '../../test/capturing-mailer.js';
import { useTestApp } from '../../test/file-hooks.js';
import { jobsSettled } from '../../test/jobs.js';
import { hashToken } from '../../security/random-token.js';
import { AuthRepository } from './repository.js';

// Counts the password checks, so a test can see that every refusal costs the same one.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const argon2 = await importOriginal<typeof Argon2>();
  return { ...argon2, verify: vi.fn(argon2.verify) };
});

// docs/PRODUCT.md §2, Sign-up: registering again with the same username and password while the
// account is unverified fixes a mistyped e-mail; anything else answers as a taken name.
const t = useTestApp({ publicOrigin: 'https://pb.example' });

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
const verify = (token: string) =>
  t.app.inject({ method: 'GET', url: `/v1/auth/verify?token=${encodeURIComponent(token)}` });
const login = (email: string, password = PASSWORD) => post('/v1/auth/login', { email, password });

/** An account signed up at a mistyped address, and the address it should have had. */
async function typoSignUp() {
  const intended = uniqueAccount('typo');
  const typo = { ...intended, email: intended.email.replace('@example.com', '@exmaple.com') };
  await register(t.app, typo);
  return { typo, intended, oldToken: tokenOf(await t.mail.next(typo.email)) };
}

async function rowOf(displayName: string) {
  return t.database.db
    .selectFrom('users')
    .select(['id', 'email', 'password_hash', 'email_verified_at', 'updated_at'])
    .where('display_name', '=', displayName)
    .executeTakeFirstOrThrow();
}

const TAKEN_NAME = { status: 409, code: 'USERNAME_TAKEN', message: 'That username is taken' };

describe('signing up again to fix a mistyped e-mail', () => {
  it('with the same password moves the pending account to the new address and voids the old link', async () => {
    const { typo, intended, oldToken } = await typoSignUp();
    const before = await rowOf(typo.displayName);

    const res = await post('/v1/auth/register', intended);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ data: null, message: AUTH_MESSAGES.signedUp });
    const after = await rowOf(typo.displayName);
    expect(after).toMatchObject({ id: before.id, email: intended.email, email_verified_at: null });

    const mail = await t.mail.next(intended.email);
    expect(mail.subject).toBe('Verify your email for PBShare');
    expect(t.mail.to(typo.email)).toHaveLength(1);

    // The link sent to the mistyped address verifies nothing any more.
    const old = await verify(oldToken);
    expect(old.statusCode).toBe(400);
    expect(old.json()).toMatchObject({ code: 'TOKEN_INVALID' });
    expect((await rowOf(typo.displayName)).email_verified_at).toBeNull();

    const res2 = await verify(tokenOf(mail));
    expect(res2.json()).toMatchObject({ status: 200, data: null });
    expect((await rowOf(typo.displayName)).email_verified_at).not.toBeNull();
    expect((await login(intended.email)).statusCode).toBe(200);
    expect((await login(typo.email)).statusCode).toBe(401);
  });

  it('also voids a reset link sent to the mistyped address, which would verify it', async () => {
    const { typo, intended } = await typoSignUp();
    await post('/v1/auth/forgot-password', { email: typo.email });
    const resetToken = tokenOf(await t.mail.next(typo.email, 2));

    expect((await post('/v1/auth/register', intended)).statusCode).toBe(201);
    const reset = await post('/v1/auth/reset-password', {
      token: resetToken,
      password: 'taken over',
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json()).toMatchObject({ code: 'TOKEN_INVALID' });
    expect((await rowOf(typo.displayName)).email_verified_at).toBeNull();
  });

  it('after a reset spent first, keeps the verified old address: the new one is refused', async () => {
    const { typo, intended } = await typoSignUp();
    await post('/v1/auth/forgot-password', { email: typo.email });
    const resetToken = tokenOf(await t.mail.next(typo.email, 2));
    const reset = await post('/v1/auth/reset-password', {
      token: resetToken,
      password: 'chosen at the old address',
    });
    expect(reset.statusCode).toBe(200);

    expect((await post('/v1/auth/register', intended)).json()).toMatchObject(TAKEN_NAME);
    const row = await rowOf(typo.displayName);
    expect(row.email).toBe(typo.email);
    expect(row.email_verified_at).not.toBeNull();
  });

  // The service reads the link before spending it; an address replaced in between must leave
  // the link void, so the password is not set and the new address is not marked verified.
  it('spends a reset link and verifies in one step that a replaced address voided', async () => {
    const { typo, intended } = await typoSignUp();
    await post('/v1/auth/forgot-password', { email: typo.email });
    const resetToken = tokenOf(await t.mail.next(typo.email, 2));
    const before = await rowOf(typo.displayName);
    const repository = new AuthRepository(t.database.db);

    expect(await repository.replacePendingEmail(before.id, intended.email)).toBe(true);
    expect(await repository.spendResetToken(hashToken(resetToken), before.id, 'new-hash')).toBe(
      false,
    );
    const after = await rowOf(typo.displayName);
    expect(after.password_hash).toBe(before.password_hash);
    expect(after.email_verified_at).toBeNull();
  });

  it('without the same password holds the name as before and changes nothing', async () => {
    const { typo, intended, oldToken } = await typoSignUp();
    const before = await rowOf(typo.displayName);
    await jobsSettled(t.database.db);
    const mailsBefore = t.mail.sent.length;

    const res = await post('/v1/auth/register', { ...intended, password: 'not the password' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject(TAKEN_NAME);
    // Another letter case of the name is the same name: still held.
    const otherCase = await post('/v1/auth/register', {
      ...intended,
      displayName: typo.displayName.toUpperCase(),
      password: 'not the password',
    });
    expect(otherCase.json()).toMatchObject(TAKEN_NAME);

    expect(await rowOf(typo.displayName)).toEqual(before);
    await jobsSettled(t.database.db);
    expect(t.mail.sent.length).toBe(mailsBefore);
    // The original link still works: the pending sign-up is untouched.
    expect((await verify(oldToken)).json()).toMatchObject({ status: 200, data: null });
    expect((await rowOf(typo.displayName)).email).toBe(typo.email);
  });

  it('never touches a verified account, even with its own password', async () => {
    const owner = await registerAndVerify(t, uniqueAccount('verified'));
    const before = await rowOf(owner.displayName);
    await jobsSettled(t.database.db);
    const mailsBefore = t.mail.sent.length;

    const res = await post('/v1/auth/register', {
      ...owner,
      email: `other-${owner.email}`,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject(TAKEN_NAME);
    expect(await rowOf(owner.displayName)).toEqual(before);
    await jobsSettled(t.database.db);
    expect(t.mail.sent.length).toBe(mailsBefore);
    expect((await login(owner.email)).statusCode).toBe(200);
  });

  it('answers a new e-mail another account has as a success, tells its owner, and changes nothing', async () => {
    const { typo, oldToken } = await typoSignUp();
    const other = await registerAndVerify(t, uniqueAccount('other'));
    const before = await rowOf(typo.displayName);

    const res = await post('/v1/auth/register', { ...typo, email: other.email.toUpperCase() });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ data: null, message: AUTH_MESSAGES.signedUp });
    const notice = await t.mail.next(other.email, 2);
    expect(notice.subject).toBe('Someone tried to sign up with your address on PBShare');
    expect(await rowOf(typo.displayName)).toEqual(before);
    expect((await rowOf(other.displayName)).email).toBe(other.email);
    expect((await verify(oldToken)).statusCode).toBe(200);
  });
});

describe('refusing a taken name', () => {
  beforeEach(() => {
    vi.mocked(argon2Verify).mockClear();
  });

  // A refusal that skipped the check for some names would be faster, and tell them apart.
  it('costs one password check whether the account is pending or verified', async () => {
    const pending = await register(t.app, uniqueAccount('pending'));
    const verified = await registerAndVerify(t, uniqueAccount('verified'));
    for (const taken of [pending, verified]) {
      vi.mocked(argon2Verify).mockClear();
      const res = await post('/v1/auth/register', {
        ...uniqueAccount(),
        displayName: taken.displayName,
        password: 'a wrong guess',
      });
      expect(res.json()).toMatchObject(TAKEN_NAME);
      expect(vi.mocked(argon2Verify)).toHaveBeenCalledTimes(1);
    }
  });
});
