import { describe, expect, it } from 'vitest';
import { register, uniqueAccount, PASSWORD } from '../../test/accounts.js';
import { tokenOf } from '../../test/capturing-mailer.js';
import { expectFieldIssue } from '../../test/envelope.js';
import { useTestApp } from '../../test/file-hooks.js';

const t = useTestApp({ publicOrigin: 'https://pb.example' });

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
const verify = (token: string) =>
  t.app.inject({ method: 'GET', url: `/v1/auth/verify?token=${encodeURIComponent(token)}` });

describe('POST /v1/auth/register', () => {
  it('creates an unverified account, answers no secrets, and mails a verification link', async () => {
    const account = uniqueAccount();
    const res = await post('/v1/auth/register', {
      ...account,
      email: `  ${account.email.toUpperCase()} `,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json<{ data: { user: Record<string, unknown> } }>();
    expect(body).toMatchObject({ success: true, status: 201 });
    expect(body.data.user).toMatchObject({
      email: account.email,
      displayName: account.displayName,
      emailVerified: false,
      subscription_tier: 'free',
      profileImage: null,
      bio: '',
    });
    expect(res.body).not.toMatch(/argon2|password/i);

    const mail = t.mail.lastTo(account.email);
    expect(mail.subject).toBe('Verify your email for PBShare');
    expect(mail.link).toMatch(/^https:\/\/pb\.example\/verify\?token=/);
  });

  it('refuses an e-mail or username already taken, in any case', async () => {
    const account = await register(t.app);
    const sameEmail = await post('/v1/auth/register', {
      ...uniqueAccount(),
      email: account.email.toUpperCase(),
    });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toMatchObject({ code: 'EMAIL_TAKEN' });

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

    const res = await verify(tokenOf(t.mail.lastTo(account.email)));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { user: { emailVerified: true } } });

    const after = await post('/v1/auth/login', { email: account.email, password: PASSWORD });
    expect(after.statusCode).toBe(200);
  });

  it('refuses an unknown token and a link replaced by a newer one', async () => {
    expect((await verify('not-a-real-token')).json()).toMatchObject({
      status: 400,
      code: 'TOKEN_INVALID',
    });

    const account = await register(t.app);
    const first = tokenOf(t.mail.lastTo(account.email));
    const resend = await post('/v1/auth/resend-verification', { email: account.email });
    expect(resend.statusCode).toBe(200);
    const second = tokenOf(t.mail.lastTo(account.email));
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
    await t.database.db
      .updateTable('email_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', 'in', (db) =>
        db.selectFrom('users').select('id').where('email', '=', account.email),
      )
      .execute();
    const res = await verify(tokenOf(t.mail.lastTo(account.email)));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'TOKEN_EXPIRED' });
  });

  it('answers resend the same for unknown and verified accounts, mailing nobody', async () => {
    const before = t.mail.sent.length;
    const res = await post('/v1/auth/resend-verification', { email: 'nobody@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ message: string }>().message).toBe(
      'If that account still needs verifying, a new link is on its way.',
    );
    expect(t.mail.sent.length).toBe(before);
  });
});
