import { generate } from 'otplib';
import { describe, expect, it, vi } from 'vitest';
import {
  bearer,
  PASSWORD,
  registerAndVerify,
  signIn,
  uniqueAccount,
  type SignedIn,
} from '../../../test/accounts.js';
import { tokenOf } from '../../../test/capturing-mailer.js';
import { expectFailure } from '../../../test/envelope.js';
import { useTestApp } from '../../../test/file-hooks.js';
import { waitUntil } from '../../../test/wait-until.js';
import { TwoStepRepository } from './repository.js';

const t = useTestApp();

const post = (url: string, payload: unknown, session?: SignedIn, address = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    remoteAddress: address,
    ...(session && { headers: bearer(session) }),
  });

/** A code for the step `offsetSteps` away from now, as the app would show it then. */
const codeFor = (secret: string, offsetSteps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });

/** A signed-in account with the authenticator app on: its secret and recovery codes. */
async function withTwoStep() {
  const account = await registerAndVerify(t, uniqueAccount('twostep'));
  const session = await signIn(t.app, account);
  const setup = await post('/v1/auth/two-step/setup', { password: PASSWORD }, session);
  expect(setup.statusCode).toBe(200);
  const { secret, uri, qrSvg } = setup.json<{
    data: { secret: string; uri: string; qrSvg: string };
  }>().data;
  expect(uri).toMatch(/^otpauth:\/\/totp\/PBShare:/);
  expect(uri).toContain(`secret=${secret}`);
  expect(qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
  const enable = await post('/v1/auth/two-step/enable', { code: await codeFor(secret) }, session);
  expect(enable.json()).toMatchObject({
    success: true,
    message: 'Two-step sign-in is on. Keep your recovery codes somewhere safe.',
  });
  const codes = enable.json<{ data: { codes: string[] } }>().data.codes;
  return { account, session, secret, codes };
}

async function passwordStep(account: { email: string }, address = '127.0.0.1') {
  const res = await post(
    '/v1/auth/login',
    { email: account.email, password: PASSWORD },
    undefined,
    address,
  );
  expect(res.statusCode).toBe(200);
  const body = res.json<{ data: { secondStepTicket?: string; accessToken?: string } }>();
  expect(body.data.accessToken).toBeUndefined();
  expect(res.cookies.find((c) => c.name === 'pbshare_refresh')).toBeUndefined();
  return body.data.secondStepTicket ?? '';
}

describe('setting up the authenticator app', () => {
  it('gives ten recovery codes once, and the status counts them', async () => {
    const { session, codes } = await withTwoStep();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const status = await t.app.inject({
      method: 'GET',
      url: '/v1/auth/two-step',
      headers: bearer(session),
    });
    expect(status.json<{ data: unknown }>().data).toEqual({ enabled: true, recoveryCodesLeft: 10 });
  });

  it('needs the password to start, a right code to finish, and refuses a second setup', async () => {
    const account = await registerAndVerify(t, uniqueAccount('twostep'));
    const session = await signIn(t.app, account);
    const wrong = await post('/v1/auth/two-step/setup', { password: 'not it' }, session);
    expectFailure(wrong, 401, 'INVALID_CREDENTIALS', 'Your password is not correct.');

    const noSetup = await post('/v1/auth/two-step/enable', { code: '123456' }, session);
    expectFailure(noSetup, 409, 'CONFLICT', 'Start the setup again: scan a new QR code.');

    const setup = await post('/v1/auth/two-step/setup', { password: PASSWORD }, session);
    const { secret } = setup.json<{ data: { secret: string } }>().data;
    const badCode = String((Number(await codeFor(secret)) + 1) % 1_000_000).padStart(6, '0');
    expectFailure(
      await post('/v1/auth/two-step/enable', { code: badCode }, session),
      401,
      'INVALID_CREDENTIALS',
      'That code is not right. Check your app and try again.',
    );
    expect((await post('/v1/auth/two-step/enable', { code: 'abc' }, session)).statusCode).toBe(400);
    // Not on yet: a password sign-in still goes straight in.
    const login = await post('/v1/auth/login', { email: account.email, password: PASSWORD });
    expect(login.json<{ data: { accessToken?: string } }>().data.accessToken).toBeTruthy();

    expect(
      (await post('/v1/auth/two-step/enable', { code: await codeFor(secret) }, session)).statusCode,
    ).toBe(200);
    const again = await post('/v1/auth/two-step/setup', { password: PASSWORD }, session);
    expectFailure(again, 409, 'CONFLICT', 'Two-step sign-in is already on.');
  });
});

describe('signing in with a second step', () => {
  it('answers a ticket for the right password, then a session for a right code', async () => {
    const { account, secret } = await withTwoStep();
    const ticket = await passwordStep(account);
    // The ticket is no access token.
    const asToken = await t.app.inject({
      method: 'GET',
      url: '/v1/users/profile',
      headers: { authorization: `Bearer ${ticket}` },
    });
    expect(asToken.statusCode).toBe(401);

    const res = await post('/v1/auth/login/second-step', {
      ticket,
      code: await codeFor(secret, 1),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { user: { email: string } } }>().data.user.email).toBe(account.email);
    expect(res.cookies.find((c) => c.name === 'pbshare_refresh')?.httpOnly).toBe(true);
  });

  it('takes each code once, and refuses a wrong code, a forged ticket and nonsense', async () => {
    const { account, secret } = await withTwoStep();
    const ticket = await passwordStep(account);
    const code = await codeFor(secret, 1);
    expect((await post('/v1/auth/login/second-step', { ticket, code })).statusCode).toBe(200);
    expectFailure(
      await post('/v1/auth/login/second-step', { ticket, code }),
      401,
      'INVALID_CREDENTIALS',
      'That code is not right. Check your app and try again.',
    );
    expectFailure(
      await post('/v1/auth/login/second-step', { ticket: 'forged.ticket.here', code: '123456' }),
      401,
      'UNAUTHORIZED',
      'Your sign-in took too long. Please sign in again.',
    );
    expect((await post('/v1/auth/login/second-step', { ticket })).statusCode).toBe(400);
    expect((await post('/v1/auth/login/second-step', { ticket, code: '12345' })).statusCode).toBe(
      400,
    );
  });

  it('takes a recovery code once, however it is typed', async () => {
    const { account, session, codes } = await withTwoStep();
    const ticket = await passwordStep(account);
    const code = codes[3] ?? '';
    const typed = ` ${code.toUpperCase().replace('-', ' ')} `;
    expect(
      (await post('/v1/auth/login/second-step', { ticket, recoveryCode: typed })).statusCode,
    ).toBe(200);
    const again = await post('/v1/auth/login/second-step', { ticket, recoveryCode: code });
    expect(again.statusCode).toBe(401);
    const status = await t.app.inject({
      method: 'GET',
      url: '/v1/auth/two-step',
      headers: bearer(session),
    });
    expect(status.json<{ data: { recoveryCodesLeft: number } }>().data.recoveryCodesLeft).toBe(9);
  });

  it('throttles wrong codes like passwords: 40 at once evaluate at most the limit', async () => {
    const { account } = await withTwoStep();
    const ticket = await passwordStep(account, '198.51.100.7');
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        post(
          '/v1/auth/login/second-step',
          { ticket, code: String(100000 + i) },
          undefined,
          '198.51.100.7',
        ),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(30);
  });

  it('is not bypassed by a password reset', async () => {
    const { account, secret } = await withTwoStep();
    const forgot = await post('/v1/auth/forgot-password', { email: account.email });
    expect(forgot.statusCode).toBe(200);
    await waitUntil('the reset mail is sent', () =>
      t.mail.to(account.email).some((m) => m.subject.includes('Reset your')),
    );
    const mail = t.mail.to(account.email).find((m) => m.subject.includes('Reset your'));
    if (!mail) throw new Error('no reset mail');
    const reset = await post('/v1/auth/reset-password', {
      token: tokenOf(mail),
      password: 'a brand new password',
    });
    expect(reset.statusCode).toBe(200);
    const login = await post('/v1/auth/login', {
      email: account.email,
      password: 'a brand new password',
    });
    const data = login.json<{ data: { secondStepTicket?: string; accessToken?: string } }>().data;
    expect(data.accessToken).toBeUndefined();
    const res = await post('/v1/auth/login/second-step', {
      ticket: data.secondStepTicket,
      code: await codeFor(secret, 1),
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('turning the second step off', () => {
  it('needs the password and a code; then a password alone signs in again', async () => {
    const { account, session, secret, codes } = await withTwoStep();
    expectFailure(
      await post(
        '/v1/auth/two-step/disable',
        { password: 'not it', code: await codeFor(secret, 1) },
        session,
      ),
      401,
      'INVALID_CREDENTIALS',
      'Your password is not correct.',
    );
    expectFailure(
      await post('/v1/auth/two-step/disable', { password: PASSWORD, code: '000000' }, session),
      401,
      'INVALID_CREDENTIALS',
      'That code is not right. Check your app and try again.',
    );
    const off = await post(
      '/v1/auth/two-step/disable',
      { password: PASSWORD, code: codes[0] },
      session,
    );
    expect(off.json()).toMatchObject({ success: true, message: 'Two-step sign-in is off.' });
    const login = await post('/v1/auth/login', { email: account.email, password: PASSWORD });
    expect(login.json<{ data: { accessToken?: string } }>().data.accessToken).toBeTruthy();
  });

  it("reads the account's two-step row once, with an app code", async () => {
    const { session, secret } = await withTwoStep();
    const reads = vi.spyOn(TwoStepRepository.prototype, 'find');
    try {
      const off = await post(
        '/v1/auth/two-step/disable',
        { password: PASSWORD, code: await codeFor(secret, 1) },
        session,
      );
      expect(off.statusCode, off.body).toBe(200);
      expect(reads).toHaveBeenCalledTimes(1);
    } finally {
      reads.mockRestore();
    }
  });
});
