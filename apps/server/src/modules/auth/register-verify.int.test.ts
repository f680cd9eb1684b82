import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@pbshare/shared';
import { register, registerAndVerify, uniqueAccount, PASSWORD } from '../../test/accounts.js';
import { tokenOf } from '../../test/capturing-mailer.js';
import { expectFieldIssue } from '../../test/envelope.js';
import { useTestApp } from '../../test/file-hooks.js';
import { jobsSettled } from '../../test/jobs.js';

const t = useTestApp({ publicOrigin: 'https://pb.example' });

// Each call from its own address, so the file's many sign-ups stay under the per-address limit.
let calls = 0;
const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: `10.77.0.${++calls % 250}` });
const verify = (token: string) =>
  t.app.inject({ method: 'GET', url: `/v1/auth/verify?token=${encodeURIComponent(token)}` });

describe('POST /v1/auth/register', () => {
  it('creates an unverified account, answers no account data, and mails a verification link', async () => {
    const account = uniqueAccount();
    const res = await post('/v1/auth/register', {
      ...account,
      email: `  ${account.email.toUpperCase()} `,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      success: true,
      status: 201,
      message: AUTH_MESSAGES.signedUp,
      data: null,
    });
    const row = await t.database.db
      .selectFrom('users')
      .select(['email', 'display_name', 'email_verified_at'])
      .where('email', '=', account.email)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      email: account.email,
      display_name: account.displayName,
      email_verified_at: null,
    });

    const mail = await t.mail.next(account.email);
    expect(mail.subject).toBe('Verify your email for PBShare');
    expect(mail.link).toMatch(/^https:\/\/pb\.example\/verify\?token=/);
  });

  it('answers an e-mail that has an account as a new one, and tells its owner instead', async () => {
    const owner = await registerAndVerify(t);
    const [fresh, again] = await Promise.all([
      post('/v1/auth/register', uniqueAccount()),
      post('/v1/auth/register', {
        ...uniqueAccount(),
        email: owner.email.toUpperCase(),
        password: 'a stranger',
      }),
    ]);
    expect([fresh.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.body).toBe(fresh.body);

    const notice = await t.mail.next(owner.email, 2);
    expect(notice.subject).toBe('Someone tried to sign up with your address on PBShare');
    expect(notice.link).toBe('https://pb.example/login');
    expect(notice.text).toContain('https://pb.example/forgot-password');
    // The owner's account is as it was: the stranger's password does not sign in.
    const login = (password: string) => post('/v1/auth/login', { email: owner.email, password });
    expect((await login('a stranger')).statusCode).toBe(401);
    expect((await login(PASSWORD)).statusCode).toBe(200);
  });

  it('sends a still-unverified owner a new verification link instead', async () => {
    const pending = await register(t.app);
    const first = tokenOf(await t.mail.next(pending.email));
    const res = await post('/v1/auth/register', { ...uniqueAccount(), email: pending.email });
    expect(res.statusCode).toBe(201);
    const second = await t.mail.next(pending.email, 2);
    expect(second.subject).toBe('Verify your email for PBShare');
    expect(tokenOf(second)).not.toBe(first);
    expect((await verify(tokenOf(second))).statusCode).toBe(200);
  });

  it('refuses a username already taken, in any case', async () => {
    const account = await register(t.app);

    // Someone else's password: the owner's own would fix a typo instead (signup-typo.int.test.ts).
    const sameName = await post('/v1/auth/register', {
      ...uniqueAccount(),
      displayName: account.displayName.toUpperCase(),
      password: 'someone else',
    });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toMatchObject({
      code: 'USERNAME_TAKEN',
      message: 'That username is taken',
    });
  });

  it('lets exactly one of two racing sign-ups for the same name win, answering the other 409', async () => {
    const account = uniqueAccount();
    const results = await Promise.all([
      post('/v1/auth/register', account),
      post('/v1/auth/register', { ...uniqueAccount(), displayName: account.displayName }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json()).toMatchObject({
      code: 'USERNAME_TAKEN',
    });
  });

  it.each([
    [{ displayName: 'admin' }, 'displayName', 'That username is reserved'],
    [{ displayName: 'Profile' }, 'displayName', 'That username is reserved'],
    [
      { displayName: 'no spaces' },
      'displayName',
      'Usernames can use letters, numbers, dots, dashes and underscores',
    ],
    [{ displayName: 'ab' }, 'displayName', 'Usernames need at least 3 characters'],
    [{ password: '12345' }, 'password', 'Password must be at least 6 characters'],
    [{ password: 'x'.repeat(129) }, 'password', 'Password can have at most 128 characters'],
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
  ])('refuses %o with a clear message', async (override, field, message) => {
    const res = await post('/v1/auth/register', { ...uniqueAccount(), ...override });
    expectFieldIssue(res, field, message);
  });
});

describe('e-mail verification', () => {
  it('verifies with the mailed token, after which sign-in works', async () => {
    const account = await register(t.app);
    const before = await post('/v1/auth/login', { email: account.email, password: PASSWORD });
    expect(before.statusCode).toBe(403);
    expect(before.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });

    const token = tokenOf(await t.mail.next(account.email));
    const res = await verify(token);
    expect(res.json()).toEqual({
      success: true,
      status: 200,
      message: AUTH_MESSAGES.emailVerified,
      data: null,
    });

    const after = await post('/v1/auth/login', { email: account.email, password: PASSWORD });
    expect(after.statusCode).toBe(200);
    // Clicked again: the same answer, still without a word about the account.
    expect((await verify(token)).body).toBe(res.body);
  });

  it('refuses an unknown token and a link replaced by a newer one', async () => {
    expect((await verify('not-a-real-token')).json()).toMatchObject({
      status: 400,
      code: 'TOKEN_INVALID',
    });

    const account = await register(t.app);
    const first = tokenOf(await t.mail.next(account.email));
    const resend = await post('/v1/auth/resend-verification', { email: account.email });
    expect(resend.statusCode).toBe(200);
    const second = tokenOf(await t.mail.next(account.email, 2));
    expect(second).not.toBe(first);

    const old = await verify(first);
    expect(old.statusCode).toBe(400);
    expect(old.json()).toMatchObject({
      code: 'TOKEN_INVALID',
      message: 'This verification link has already been used.',
    });
    expect((await verify(second)).statusCode).toBe(200);
  });

  it('refuses an expired token', async () => {
    const account = await register(t.app);
    const token = tokenOf(await t.mail.next(account.email));
    await t.database.db
      .updateTable('email_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', 'in', (db) =>
        db.selectFrom('users').select('id').where('email', '=', account.email),
      )
      .execute();
    const res = await verify(token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'TOKEN_EXPIRED' });
  });

  it('answers resend the same for unknown and verified accounts, mailing nobody', async () => {
    const verified = await registerAndVerify(t);
    await jobsSettled(t.database.db);
    const before = t.mail.sent.length;
    const answers = await Promise.all(
      ['nobody@example.com', verified.email].map((email) =>
        post('/v1/auth/resend-verification', { email }),
      ),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json<{ message: string }>().message).toBe(
        'If that account still needs verifying, a new link is on its way.',
      );
    }
    await jobsSettled(t.database.db);
    expect(t.mail.sent.length).toBe(before);
  });
});
