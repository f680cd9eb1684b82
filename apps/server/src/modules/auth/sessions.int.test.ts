import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  bearer,
  injectAs,
  newSignedInUser,
  PASSWORD,
  refreshCookieOf,
  registerAndVerify,
  signIn,
  uniqueAccount,
} from '../../test/accounts.js';
import { hashToken } from '../../security/random-token.js';
import { tokenOf } from '../../test/capturing-mailer.js';
import { expectFailure } from '../../test/envelope.js';
import { useTestApp } from '../../test/file-hooks.js';
import { jobsSettled } from '../../test/jobs.js';

const t = useTestApp();

const profile = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/v1/users/profile', headers });
const refresh = (cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/v1/auth/refresh', headers: cookie ? { cookie } : {} });

describe('sign-in', () => {
  it('answers an access token and the user, and sets the refresh token as a strict httpOnly cookie', async () => {
    const account = await registerAndVerify(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: account.email.toUpperCase(), password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ data: { accessToken: string; user: { email: string } } }>();
    expect(body.data.accessToken.split('.')).toHaveLength(3);
    expect(body.data.user.email).toBe(account.email);

    const cookie = res.cookies.find((c) => c.name === 'pbshare_refresh');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/v1/auth' });
    expect(cookie?.secure).toBeFalsy(); // http origin in tests; https origins get Secure
    expect(res.body).not.toContain(cookie?.value);
    expect(res.body).not.toMatch(/argon2|password_hash|passwordHash/);
  });

  it('refuses a wrong password and an unknown e-mail with the same message', async () => {
    const account = await registerAndVerify(t);
    for (const payload of [
      { email: account.email, password: 'wrong password' },
      { email: 'nobody@example.com', password: PASSWORD },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload });
      expectFailure(
        res,
        401,
        'INVALID_CREDENTIALS',
        'Invalid email or password. Please try again.',
      );
    }
  });
});

describe('access tokens', () => {
  it('open the profile, and nothing else does', async () => {
    const session = await newSignedInUser(t);
    const ok = await profile(bearer(session));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ data: { email: session.email, emailVerified: true } });

    expect((await profile({})).statusCode).toBe(401);
    expect((await profile({ authorization: 'Bearer nonsense' })).statusCode).toBe(401);

    const [header, payload, signature] = session.accessToken.split('.');
    const tampered = `${header}.${payload}x.${signature}`;
    expect((await profile({ authorization: `Bearer ${tampered}` })).statusCode).toBe(401);
  });

  it('refuses an expired token, an alg:none token and one signed by another key', async () => {
    const session = await newSignedInUser(t);
    const claims = JSON.parse(
      Buffer.from(session.accessToken.split('.')[1] ?? '', 'base64url').toString(),
    ) as { sub: string; sid: string; iss: string; aud: string };
    const secret = new TextEncoder().encode(
      readFileSync(join(t.config.dataDir, 'jwt-secret'), 'utf8'),
    );
    const base = () =>
      new SignJWT({ sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuer(claims.iss)
        .setAudience(claims.aud);

    const valid = await base().setIssuedAt().setExpirationTime('5m').sign(secret);
    expect((await profile({ authorization: `Bearer ${valid}` })).statusCode).toBe(200);

    const expired = await base()
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(secret);
    const unsigned = new UnsecuredJWT({ sid: claims.sid })
      .setSubject(claims.sub)
      .setIssuer(claims.iss)
      .setAudience(claims.aud)
      .setExpirationTime('5m')
      .encode();
    const otherKey = await base()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('another-secret-that-is-long-enough-1234'));
    const wrongAudience = await base()
      .setAudience('someone-else')
      .setExpirationTime('5m')
      .sign(secret);

    for (const token of [expired, unsigned, otherKey, wrongAudience]) {
      const res = await profile({ authorization: `Bearer ${token}` });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    }
  });
});

describe('refresh tokens', () => {
  it('rotate on every refresh, and reuse of an old one revokes the whole session', async () => {
    const session = await newSignedInUser(t);
    const first = await refresh(session.cookie);
    expect(first.statusCode).toBe(200);
    const rotated = refreshCookieOf(first);
    expect(rotated).not.toBe(session.cookie);
    const newAccess = first.json<{ data: { accessToken: string } }>().data.accessToken;
    expect((await profile({ authorization: `Bearer ${newAccess}` })).statusCode).toBe(200);

    // Someone replays the old token after the grace window (refresh-grace.int.test.ts covers the
    // window itself): both it and the newest one stop working.
    await t.database.db
      .updateTable('refresh_tokens')
      .set({ used_at: new Date(Date.now() - 31_000).toISOString() })
      .where('token_hash', '=', hashToken(session.cookie.replace('pbshare_refresh=', '')))
      .execute();
    const replay = await refresh(session.cookie);
    expect(replay.statusCode).toBe(401);
    expect((await refresh(rotated)).statusCode).toBe(401);
    expect((await profile({ authorization: `Bearer ${newAccess}` })).statusCode).toBe(401);
  });

  it('refuses a missing or unknown cookie and clears it', async () => {
    expect((await refresh()).statusCode).toBe(401);
    const res = await refresh('pbshare_refresh=made-up');
    expect(res.statusCode).toBe(401);
    expect(res.cookies.find((c) => c.name === 'pbshare_refresh')?.value).toBe('');
  });

  it("stop working after logout, and so does that session's access token", async () => {
    const session = await newSignedInUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/logout',
      headers: { cookie: session.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect((await refresh(session.cookie)).statusCode).toBe(401);
    expect((await profile(bearer(session))).statusCode).toBe(401);
  });
});

describe('changing the password', () => {
  it('needs the current password, keeps this session, signs out the others and mails a notice', async () => {
    const account = await registerAndVerify(t, uniqueAccount());
    const here = await signIn(t.app, account);
    const elsewhere = await signIn(t.app, account);
    const change = (currentPassword: string) =>
      injectAs(t.app, here, 'PUT', '/v1/auth/change-password', {
        currentPassword,
        newPassword: 'a brand new one',
      });

    const wrong = await change('not it');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });

    const res = await change(PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Password updated successfully!' });

    expect((await profile(bearer(here))).statusCode).toBe(200);
    expect((await refresh(here.cookie)).statusCode).toBe(200);
    expect((await profile(bearer(elsewhere))).statusCode).toBe(401);
    expect((await refresh(elsewhere.cookie)).statusCode).toBe(401);

    expect(t.mail.lastTo(account.email).subject).toBe('Your PBShare password was changed');
    await expect(signIn(t.app, account)).rejects.toThrow();
    await expect(signIn(t.app, { ...account, password: 'a brand new one' })).resolves.toBeTruthy();
  });

  it('applies the password rules to the new password', async () => {
    const session = await newSignedInUser(t);
    const res = await injectAs(t.app, session, 'PUT', '/v1/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: '123',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Password must be at least 6 characters' });
  });
});

describe('resetting a forgotten password', () => {
  const forgot = (email: string) =>
    t.app.inject({ method: 'POST', url: '/v1/auth/forgot-password', payload: { email } });
  const reset = (token: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/v1/auth/reset-password', payload: { token, password } });

  it('answers the same for unknown e-mails and mails nobody', async () => {
    const before = t.mail.sent.length;
    const unknown = await forgot('ghost@example.com');
    const account = await registerAndVerify(t);
    const known = await forgot(account.email);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    // Only the known account got mail: its verification and its reset link.
    await jobsSettled(t.database.db);
    expect(t.mail.sent.length).toBe(before + 2);
  });

  it('resets once through the mailed link and signs every session out', async () => {
    const account = await registerAndVerify(t);
    const session = await signIn(t.app, account);
    await forgot(account.email);
    const mail = await t.mail.next(account.email, 2);
    expect(mail.subject).toBe('Reset your PBShare password');
    expect(mail.link).toContain('/reset-password?token=');
    const token = tokenOf(mail);

    expect((await reset(token, 'freshly reset')).statusCode).toBe(200);
    expect((await profile(bearer(session))).statusCode).toBe(401);
    expect((await refresh(session.cookie)).statusCode).toBe(401);
    await expect(signIn(t.app, { ...account, password: 'freshly reset' })).resolves.toBeTruthy();

    const again = await reset(token, 'another one');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'TOKEN_INVALID' });
  });

  it('refuses an expired or made-up reset token', async () => {
    const account = await registerAndVerify(t);
    await forgot(account.email);
    const token = tokenOf(await t.mail.next(account.email, 2));
    await t.database.db
      .updateTable('email_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('purpose', '=', 'reset')
      .execute();
    const expired = await reset(token, 'new password');
    expect(expired.json()).toMatchObject({ status: 400, code: 'TOKEN_EXPIRED' });
    expect((await reset('made-up', 'new password')).json()).toMatchObject({
      code: 'TOKEN_INVALID',
    });
  });
});
