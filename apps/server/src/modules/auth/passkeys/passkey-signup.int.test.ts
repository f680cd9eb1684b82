import { AUTH_MESSAGES, PASSKEY_MESSAGES, type PasskeyCreation, type User } from '@pbshare/shared';
import { describe, expect, it } from 'vitest';
import {
  bearer,
  injectAs,
  PASSWORD,
  registerAndVerify,
  uniqueAccount,
  type SignedIn,
} from '../../../test/accounts.js';
import { tokenOf } from '../../../test/capturing-mailer.js';
import { expectFailure } from '../../../test/envelope.js';
import { useTestApp } from '../../../test/file-hooks.js';
import { jobsSettled } from '../../../test/jobs.js';
import { createPasskey, signInWith, type SoftPasskey } from '../../../test/soft-authenticator.js';

// The e2e server's kind of origin: passkeys there run on http://localhost at the same port.
const PUBLIC_ORIGIN = 'http://127.0.0.1:4977';
const ORIGIN = 'http://localhost:4977';

const t = useTestApp({ publicOrigin: PUBLIC_ORIGIN });

// Each call from its own address, so the file's many sign-ups stay under the per-address limit.
let calls = 0;
const post = (url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: `10.78.0.${++calls % 250}` });

interface Details {
  email: string;
  displayName: string;
}

function details(prefix: string): Details {
  const { email, displayName } = uniqueAccount(prefix);
  return { email, displayName };
}

async function signUpOptions(who: Details): Promise<PasskeyCreation> {
  const res = await post('/v1/auth/passkeys/sign-up-options', who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: PasskeyCreation }>().data;
}

function signUp(who: Details, creation: PasskeyCreation, response: object) {
  return post('/v1/auth/passkeys/sign-up', { ...who, challengeId: creation.challengeId, response });
}

/** A whole passkey sign-up; answers the authenticator's copy of the passkey. */
async function signUpWithPasskey(who: Details): Promise<SoftPasskey> {
  const creation = await signUpOptions(who);
  const { passkey, response } = createPasskey(creation.options, { origin: ORIGIN });
  const res = await signUp(who, creation, response);
  expect(res.statusCode, res.body).toBe(201);
  return passkey;
}

async function verifyMailOf(email: string): Promise<void> {
  const token = tokenOf(await t.mail.next(email));
  const res = await t.app.inject({
    method: 'GET',
    url: `/v1/auth/verify?token=${encodeURIComponent(token)}`,
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function signInWithKey(key: SoftPasskey) {
  const options = await post('/v1/auth/passkeys/sign-in-options');
  const request = options.json<{ data: { challengeId: string; options: never } }>().data;
  return post('/v1/auth/passkeys/sign-in', {
    challengeId: request.challengeId,
    response: signInWith(key, request.options, { origin: ORIGIN }),
  });
}

/** Signs up with a passkey, verifies the address, and signs in with the passkey. */
async function passwordlessUser(prefix: string): Promise<SignedIn & { key: SoftPasskey }> {
  const who = details(prefix);
  const key = await signUpWithPasskey(who);
  await verifyMailOf(who.email);
  const res = await signInWithKey(key);
  expect(res.statusCode, res.body).toBe(200);
  const { accessToken } = res.json<{ data: { accessToken: string } }>().data;
  const cookie = res.cookies.find((c) => c.name === 'pbshare_refresh');
  return { ...who, accessToken, cookie: `pbshare_refresh=${cookie?.value ?? ''}`, key };
}

async function rowsOf(email: string) {
  const users = await t.database.db
    .selectFrom('users')
    .select(['id', 'email_verified_at'])
    .where('email', '=', email)
    .execute();
  const passkeys = await t.database.db
    .selectFrom('passkeys')
    .innerJoin('users', 'users.id', 'passkeys.user_id')
    .select('passkeys.id')
    .where('users.email', '=', email)
    .execute();
  return { users, passkeys };
}

describe('signing up with a passkey', () => {
  it('creates an unverified account without a password that, once verified, signs in with the passkey', async () => {
    const who = details('pksu');
    const creation = await signUpOptions(who);
    expect(creation.options).toMatchObject({
      rp: { id: 'localhost', name: 'PBShare' },
      user: { name: who.email, displayName: who.displayName },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const { passkey: key, response } = createPasskey(creation.options, { origin: ORIGIN });
    const res = await signUp(who, creation, response);
    // Exactly what password sign-up answers.
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      success: true,
      status: 201,
      message: AUTH_MESSAGES.signedUp,
      data: null,
    });
    const { users, passkeys } = await rowsOf(who.email);
    expect(users).toEqual([{ id: creation.challengeId, email_verified_at: null }]);
    expect(passkeys).toHaveLength(1);

    // Unverified: the passkey is refused as a password would be.
    expectFailure(await signInWithKey(key), 403, 'EMAIL_NOT_VERIFIED');
    await verifyMailOf(who.email);
    const signedIn = await signInWithKey(key);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const session = signedIn.json<{ data: { accessToken: string; user: User } }>().data;
    expect(session.user).toMatchObject({
      email: who.email,
      displayName: who.displayName,
      emailVerified: true,
      hasPassword: false,
    });
    const profile = await t.app.inject({
      method: 'GET',
      url: '/v1/users/profile',
      headers: bearer(session),
    });
    expect(profile.json<{ data: User }>().data.hasPassword).toBe(false);
  });

  it('answers a known e-mail the same, keeps nothing, and tells the owner', async () => {
    const owner = await registerAndVerify(t, uniqueAccount('pksuowner'));
    const fresh = details('pksufresh');
    const freshCreation = await signUpOptions(fresh);
    const again = {
      email: owner.email.toUpperCase(),
      displayName: details('pksuagain').displayName,
    };
    const againCreation = await signUpOptions(again);
    // The options tell nothing either: the same shape, the address as typed.
    expect(Object.keys(againCreation.options).sort()).toEqual(
      Object.keys(freshCreation.options).sort(),
    );

    const freshRes = await signUp(
      fresh,
      freshCreation,
      createPasskey(freshCreation.options, { origin: ORIGIN }).response,
    );
    const againRes = await signUp(
      again,
      againCreation,
      createPasskey(againCreation.options, { origin: ORIGIN }).response,
    );
    expect([freshRes.statusCode, againRes.statusCode]).toEqual([201, 201]);
    expect(againRes.body).toBe(freshRes.body);

    const notice = await t.mail.next(owner.email, 2);
    expect(notice.subject).toBe('Someone tried to sign up with your address on PBShare');
    await jobsSettled(t.database.db);
    expect(await rowsOf(owner.email)).toMatchObject({ users: [{}], passkeys: [] });
    const taken = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('display_name', '=', again.displayName)
      .execute();
    expect(taken).toEqual([]);
  });

  it('refuses a taken, held or reserved username as password sign-up does', async () => {
    const owner = await registerAndVerify(t, uniqueAccount('pksuname'));
    const taken = await post('/v1/auth/passkeys/sign-up-options', {
      ...details('x'),
      displayName: owner.displayName.toUpperCase(),
    });
    expectFailure(taken, 409, 'USERNAME_TAKEN', 'That username is taken');
    const reserved = await post('/v1/auth/passkeys/sign-up-options', {
      ...details('x'),
      displayName: 'login',
    });
    const byPassword = await post('/v1/auth/register', {
      ...details('x'),
      password: PASSWORD,
      displayName: 'login',
    });
    expect(reserved.statusCode).toBe(byPassword.statusCode);
    expect(reserved.json<{ code: string }>().code).toBe(byPassword.json<{ code: string }>().code);

    // Taken between the options and the answer: refused then too, and nothing kept.
    const late = details('pksulate');
    const creation = await signUpOptions(late);
    await registerAndVerify(t, { ...uniqueAccount('pksulate2'), displayName: late.displayName });
    const res = await signUp(
      late,
      creation,
      createPasskey(creation.options, { origin: ORIGIN }).response,
    );
    expectFailure(res, 409, 'USERNAME_TAKEN');
    expect((await rowsOf(late.email)).users).toEqual([]);
  });

  it('refuses a reused, an expired or a made-up challenge, and other details than asked', async () => {
    const who = details('pksuonce');
    const creation = await signUpOptions(who);
    const { response } = createPasskey(creation.options, { origin: ORIGIN });
    expect((await signUp(who, creation, response)).statusCode).toBe(201);
    expectFailure(await signUp(who, creation, response), 400, 'BAD_REQUEST');

    const lateWho = details('pksuexp');
    const late = await signUpOptions(lateWho);
    await t.database.db
      .updateTable('webauthn_challenges')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', late.challengeId)
      .execute();
    const lateAnswer = createPasskey(late.options, { origin: ORIGIN }).response;
    expectFailure(await signUp(lateWho, late, lateAnswer), 400, 'BAD_REQUEST');

    const madeUp = { ...creation, challengeId: '00000000-0000-4000-8000-000000000000' };
    expectFailure(await signUp(details('pksufake'), madeUp, response), 400, 'BAD_REQUEST');

    // Options asked for one address, answered with another: the signed challenge does not match.
    const asked = details('pksuasked');
    const swapped = await signUpOptions(asked);
    const swappedAnswer = createPasskey(swapped.options, { origin: ORIGIN }).response;
    const other = { ...asked, email: details('pksuother').email };
    expectFailure(await signUp(other, swapped, swappedAnswer), 401, 'INVALID_CREDENTIALS');
    for (const email of [lateWho.email, asked.email, other.email]) {
      expect((await rowsOf(email)).users).toEqual([]);
    }
  });

  it('cannot take an add-passkey challenge of a signed-in account', async () => {
    const me = await passwordlessUser('pksuown');
    const res = await injectAs(t.app, me, 'POST', '/v1/auth/passkeys/registration-options');
    const creation = res.json<{ data: PasskeyCreation }>().data;
    const who = details('pksusteal');
    const answer = createPasskey(creation.options, { origin: ORIGIN }).response;
    expectFailure(await signUp(who, creation, answer), 400, 'BAD_REQUEST');
  });

  it('refuses an answer from another origin or without user verification', async () => {
    const who = details('pksuorigin');
    let creation = await signUpOptions(who);
    const phished = createPasskey(creation.options, { origin: 'https://pbshare.evil.example' });
    expectFailure(await signUp(who, creation, phished.response), 401, 'INVALID_CREDENTIALS');
    creation = await signUpOptions(who);
    const noPin = createPasskey(creation.options, { origin: ORIGIN, unverified: true });
    expectFailure(await signUp(who, creation, noPin.response), 401, 'INVALID_CREDENTIALS');
    expect((await rowsOf(who.email)).users).toEqual([]);
  });

  it('answers malformed bodies with a 400 in the envelope', async () => {
    const who = details('pksubad');
    for (const body of [
      undefined,
      {},
      { email: who.email },
      { email: 'not an address', displayName: who.displayName },
      { email: who.email, displayName: 'a b' },
      { email: who.email, displayName: 'x'.repeat(500) },
    ]) {
      const res = await post('/v1/auth/passkeys/sign-up-options', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, status: 400, data: null });
    }
    const creation = await signUpOptions(who);
    for (const body of [
      { ...who },
      { ...who, challengeId: 'nope', response: {} },
      { ...who, challengeId: creation.challengeId, response: { id: '!!', type: 'public-key' } },
      { ...who, challengeId: creation.challengeId, response: 'x' },
    ]) {
      const res = await post('/v1/auth/passkeys/sign-up', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, status: 400, data: null });
    }
    // None of those spent the challenge.
    const answer = createPasskey(creation.options, { origin: ORIGIN }).response;
    expect((await signUp(who, creation, answer)).statusCode).toBe(201);
  });
});

describe('an account without a password', () => {
  it('refuses password sign-in as a wrong password, even with the decoy password', async () => {
    const me = await passwordlessUser('pknopw');
    for (const password of [PASSWORD, 'decoy-password-for-timing', ' ']) {
      const res = await post('/v1/auth/login', { email: me.email, password });
      expectFailure(res, 401, 'INVALID_CREDENTIALS', AUTH_MESSAGES.invalidCredentials);
    }
    const stranger = await post('/v1/auth/login', {
      email: details('nobody').email,
      password: PASSWORD,
    });
    expect(stranger.body).toBe(
      (await post('/v1/auth/login', { email: me.email, password: PASSWORD })).body,
    );
  });

  it('keeps its last passkey, and lets it go once another is added', async () => {
    const me = await passwordlessUser('pklast');
    const list = async () =>
      (await injectAs(t.app, me, 'GET', '/v1/auth/passkeys')).json<{
        data: { passkeys: { id: string }[] };
      }>().data.passkeys;
    const [only] = await list();
    const url = `/v1/auth/passkeys/${only?.id ?? ''}`;
    expectFailure(
      await injectAs(t.app, me, 'DELETE', url),
      409,
      'CONFLICT',
      PASSKEY_MESSAGES.lastOne,
    );
    expect(await list()).toHaveLength(1);

    const res = await injectAs(t.app, me, 'POST', '/v1/auth/passkeys/registration-options');
    const creation = res.json<{ data: PasskeyCreation }>().data;
    const added = await injectAs(t.app, me, 'POST', '/v1/auth/passkeys', {
      challengeId: creation.challengeId,
      response: createPasskey(creation.options, { origin: ORIGIN }).response,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect((await injectAs(t.app, me, 'DELETE', url)).statusCode).toBe(200);
    const [left] = await list();
    expectFailure(
      await injectAs(t.app, me, 'DELETE', `/v1/auth/passkeys/${left?.id ?? ''}`),
      409,
      'CONFLICT',
    );
  });

  it('asks for a password first where a step is confirmed with one', async () => {
    const me = await passwordlessUser('pkconfirm');
    const attempts = [
      injectAs(t.app, me, 'PUT', '/v1/auth/change-password', {
        currentPassword: 'anything at all',
        newPassword: 'a brand new password',
      }),
      injectAs(t.app, me, 'DELETE', '/v1/users', { password: 'anything at all' }),
      injectAs(t.app, me, 'POST', '/v1/auth/two-step/setup', { password: 'anything at all' }),
      injectAs(t.app, me, 'POST', '/v1/auth/two-step/disable', {
        password: 'anything at all',
        code: '123456',
      }),
    ];
    for (const res of await Promise.all(attempts)) {
      expectFailure(res, 409, 'CONFLICT', AUTH_MESSAGES.setPasswordFirst);
    }
    // Nothing changed: the account is there and still signs in with its passkey.
    expect((await signInWithKey(me.key)).statusCode).toBe(200);
  });

  it('gets a first password through the forgotten-password mail, then works as any account', async () => {
    const me = await passwordlessUser('pkfirstpw');
    expect((await post('/v1/auth/forgot-password', { email: me.email })).statusCode).toBe(200);
    const mail = await t.mail.next(me.email, 2);
    expect(mail.subject).toBe('Set a password for PBShare');
    const reset = await post('/v1/auth/reset-password', {
      token: tokenOf(mail),
      password: 'my first password',
    });
    expect(reset.statusCode, reset.body).toBe(200);

    const login = await post('/v1/auth/login', { email: me.email, password: 'my first password' });
    expect(login.statusCode, login.body).toBe(200);
    const session = login.json<{ data: { accessToken: string; user: User } }>().data;
    expect(session.user.hasPassword).toBe(true);
    // The passkey still signs in, and may now be removed: the password is a way in.
    expect((await signInWithKey(me.key)).statusCode).toBe(200);
    const passkeys = await injectAs(t.app, session, 'GET', '/v1/auth/passkeys');
    const [only] = passkeys.json<{ data: { passkeys: { id: string }[] } }>().data.passkeys;
    const removed = await injectAs(t.app, session, 'DELETE', `/v1/auth/passkeys/${only?.id ?? ''}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const change = await injectAs(t.app, session, 'PUT', '/v1/auth/change-password', {
      currentPassword: 'my first password',
      newPassword: 'my second password',
    });
    expect(change.statusCode, change.body).toBe(200);
  });

  it('an account with a password reports it', async () => {
    const account = await registerAndVerify(t, uniqueAccount('pkhaspw'));
    const login = await post('/v1/auth/login', {
      email: account.email,
      password: account.password,
    });
    expect(login.json<{ data: { user: User } }>().data.user.hasPassword).toBe(true);
  });
});
