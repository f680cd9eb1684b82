import type { Passkey, PasskeyCreation, PasskeyRequest, User } from '@pbshare/shared';
import { describe, expect, it } from 'vitest';
import {
  bearer,
  injectAs,
  newSignedInUser,
  refreshCookieOf,
  type SignedIn,
} from '../../../test/accounts.js';
import { expectFailure } from '../../../test/envelope.js';
import { useTestApp } from '../../../test/file-hooks.js';
import { createPasskey, signInWith, type SoftPasskey } from '../../../test/soft-authenticator.js';

// The e2e server's kind of origin: passkeys there run on http://localhost at the same port.
const PUBLIC_ORIGIN = 'http://127.0.0.1:4977';
const ORIGIN = 'http://localhost:4977';
const ICLOUD = 'fbfc3007-154e-4ecc-8c0b-6e020557d7bd';

const t = useTestApp({ publicOrigin: PUBLIC_ORIGIN });

async function creationFor(me: SignedIn): Promise<PasskeyCreation> {
  const res = await injectAs(t.app, me, 'POST', '/v1/auth/passkeys/registration-options');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: PasskeyCreation }>().data;
}

function addPasskey(me: SignedIn, creation: PasskeyCreation, answer: object) {
  return injectAs(t.app, me, 'POST', '/v1/auth/passkeys', {
    challengeId: creation.challengeId,
    ...answer,
  });
}

/** Adds a passkey the whole way, as Settings does; answers the authenticator's copy of it. */
async function withPasskey(
  me: SignedIn,
  name?: string,
): Promise<{ key: SoftPasskey; passkey: Passkey }> {
  const creation = await creationFor(me);
  const { passkey: key, response } = createPasskey(creation.options, { origin: ORIGIN });
  const res = await addPasskey(me, creation, { response, ...(name && { name }) });
  expect(res.statusCode, res.body).toBe(201);
  return { key, passkey: res.json<{ data: Passkey }>().data };
}

async function signInOptions(): Promise<PasskeyRequest> {
  const res = await t.app.inject({ method: 'POST', url: '/v1/auth/passkeys/sign-in-options' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: PasskeyRequest }>().data;
}

function signIn(request: PasskeyRequest, response: object) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/auth/passkeys/sign-in',
    payload: { challengeId: request.challengeId, response },
  });
}

async function passkeysOf(me: SignedIn): Promise<Passkey[]> {
  const res = await injectAs(t.app, me, 'GET', '/v1/auth/passkeys');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { passkeys: Passkey[] } }>().data.passkeys;
}

describe('adding a passkey', () => {
  it('asks for a discoverable credential on localhost, leaving out the ones already added', async () => {
    const me = await newSignedInUser(t, 'pkopts');
    const first = await creationFor(me);
    expect(first.options).toMatchObject({
      rp: { id: 'localhost', name: 'PBShare' },
      user: { name: me.email, displayName: me.displayName },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      excludeCredentials: [],
    });
    const { key } = await withPasskey(me);
    const second = await creationFor(me);
    expect(second.options.excludeCredentials).toEqual([
      { id: key.credentialId.toString('base64url'), type: 'public-key', transports: ['internal'] },
    ]);
  });

  it("keeps it under the given name, the provider's, or 'Passkey', and lists it", async () => {
    const me = await newSignedInUser(t, 'pkadd');
    const named = await withPasskey(me, '  Work laptop ');
    expect(named.passkey).toMatchObject({ name: 'Work laptop', lastUsedAt: null });

    const creation = await creationFor(me);
    const { response } = createPasskey(creation.options, { origin: ORIGIN, aaguid: ICLOUD });
    const res = await addPasskey(me, creation, { response });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Passkey added. You can sign in with it now.',
      data: { name: 'iCloud Keychain' },
    });
    const plain = await withPasskey(me);
    expect(plain.passkey.name).toBe('Passkey');

    expect((await passkeysOf(me)).map((p) => p.name)).toEqual([
      'Work laptop',
      'iCloud Keychain',
      'Passkey',
    ]);
  });

  it('refuses a replayed, an expired or another account’s challenge', async () => {
    const me = await newSignedInUser(t, 'pkreplay');
    const creation = await creationFor(me);
    const { response } = createPasskey(creation.options, { origin: ORIGIN });
    expect((await addPasskey(me, creation, { response })).statusCode).toBe(201);
    expectFailure(await addPasskey(me, creation, { response }), 400, 'BAD_REQUEST');

    const late = await creationFor(me);
    await t.database.db
      .updateTable('webauthn_challenges')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', late.challengeId)
      .execute();
    const lateAnswer = createPasskey(late.options, { origin: ORIGIN }).response;
    expectFailure(await addPasskey(me, late, { response: lateAnswer }), 400, 'BAD_REQUEST');

    const other = await newSignedInUser(t, 'pkthief');
    const theirs = await creationFor(me);
    const stolen = createPasskey(theirs.options, { origin: ORIGIN }).response;
    expectFailure(await addPasskey(other, theirs, { response: stolen }), 400, 'BAD_REQUEST');
    expect(await passkeysOf(other)).toEqual([]);
  });

  it('refuses an answer from another origin, and spends the challenge doing so', async () => {
    const me = await newSignedInUser(t, 'pkorigin');
    const creation = await creationFor(me);
    const phished = createPasskey(creation.options, { origin: 'https://pbshare.evil.example' });
    expectFailure(
      await addPasskey(me, creation, { response: phished.response }),
      401,
      'INVALID_CREDENTIALS',
    );
    const honest = createPasskey(creation.options, { origin: ORIGIN });
    expectFailure(
      await addPasskey(me, creation, { response: honest.response }),
      400,
      'BAD_REQUEST',
    );
    expect(await passkeysOf(me)).toEqual([]);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/passkeys/registration-options',
    });
    expectFailure(res, 401, 'UNAUTHORIZED');
  });
});

describe('signing in with a passkey', () => {
  it('answers as password sign-in does: the refresh cookie, the token and the user', async () => {
    const me = await newSignedInUser(t, 'pksignin');
    const { key, passkey } = await withPasskey(me);
    const request = await signInOptions();
    expect(request.options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(request.options.allowCredentials ?? []).toEqual([]);

    const res = await signIn(request, signInWith(key, request.options, { origin: ORIGIN }));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ message: string; data: { accessToken: string; user: User } }>();
    expect(body.message).toBe('Signed in');
    expect(body.data.user.email).toBe(me.email);
    expect(refreshCookieOf(res)).toMatch(/^pbshare_refresh=/);
    const profile = await t.app.inject({
      method: 'GET',
      url: '/v1/users/profile',
      headers: bearer(body.data),
    });
    expect(profile.statusCode).toBe(200);

    const [used] = await passkeysOf(me);
    expect(used?.id).toBe(passkey.id);
    expect(used?.lastUsedAt).not.toBeNull();
    const row = await t.database.db
      .selectFrom('passkeys')
      .select('counter')
      .where('id', '=', passkey.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.counter)).toBe(1);
  });

  it('requires the device to check who holds it: a passkey stands in for both steps', async () => {
    const me = await newSignedInUser(t, 'pkuv');
    const { key } = await withPasskey(me);
    const request = await signInOptions();
    expectFailure(
      await signIn(request, signInWith(key, request.options, { origin: ORIGIN, unverified: true })),
      401,
      'INVALID_CREDENTIALS',
    );
    const again = await signInOptions();
    expect(
      (await signIn(again, signInWith(key, again.options, { origin: ORIGIN }))).statusCode,
    ).toBe(200);
  });

  it('spends each challenge once, and refuses an expired one', async () => {
    const me = await newSignedInUser(t, 'pkonce');
    const { key } = await withPasskey(me);
    const request = await signInOptions();
    const answer = signInWith(key, request.options, { origin: ORIGIN });
    expect((await signIn(request, answer)).statusCode).toBe(200);
    expectFailure(await signIn(request, answer), 400, 'BAD_REQUEST');

    const late = await signInOptions();
    await t.database.db
      .updateTable('webauthn_challenges')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', late.challengeId)
      .execute();
    expectFailure(
      await signIn(late, signInWith(key, late.options, { origin: ORIGIN })),
      400,
      'BAD_REQUEST',
    );
  });

  it('refuses another origin, a counter that went back, a foreign user handle and an unknown key', async () => {
    const me = await newSignedInUser(t, 'pkrefuse');
    const { key } = await withPasskey(me);
    let request = await signInOptions();
    expectFailure(
      await signIn(request, signInWith(key, request.options, { origin: 'https://evil.example' })),
      401,
      'INVALID_CREDENTIALS',
    );

    request = await signInOptions();
    expect(
      (await signIn(request, signInWith(key, request.options, { origin: ORIGIN, counter: 5 })))
        .statusCode,
    ).toBe(200);
    request = await signInOptions();
    // A cloned key replays an older count.
    expectFailure(
      await signIn(request, signInWith(key, request.options, { origin: ORIGIN, counter: 3 })),
      401,
      'INVALID_CREDENTIALS',
    );

    request = await signInOptions();
    const foreign = signInWith(key, request.options, { origin: ORIGIN });
    foreign.response.userHandle = Buffer.from('someone-else').toString('base64url');
    expectFailure(await signIn(request, foreign), 401, 'INVALID_CREDENTIALS');

    request = await signInOptions();
    const stranger = createPasskey((await creationFor(me)).options, { origin: ORIGIN }).passkey;
    expectFailure(
      await signIn(request, signInWith(stranger, request.options, { origin: ORIGIN })),
      401,
      'INVALID_CREDENTIALS',
      'That passkey is not registered with any account here.',
    );
  });

  it('refuses an unverified account as password sign-in does', async () => {
    const me = await newSignedInUser(t, 'pkunverified');
    const { key } = await withPasskey(me);
    await t.database.db
      .updateTable('users')
      .set({ email_verified_at: null })
      .where('email', '=', me.email)
      .execute();
    const request = await signInOptions();
    const res = await signIn(request, signInWith(key, request.options, { origin: ORIGIN }));
    expectFailure(
      res,
      403,
      'EMAIL_NOT_VERIFIED',
      'Please verify your email before signing in. Check your inbox, or send a new link.',
    );
    expect(res.cookies.find((c) => c.name === 'pbshare_refresh')).toBeUndefined();
  });

  it('is refused once the passkey is removed', async () => {
    const me = await newSignedInUser(t, 'pkgone');
    const { key, passkey } = await withPasskey(me);
    const res = await injectAs(t.app, me, 'DELETE', `/v1/auth/passkeys/${passkey.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ message: string }>().message).toBe('Passkey removed.');
    expect(await passkeysOf(me)).toEqual([]);
    const request = await signInOptions();
    expectFailure(
      await signIn(request, signInWith(key, request.options, { origin: ORIGIN })),
      401,
      'INVALID_CREDENTIALS',
    );
  });
});

describe('managing passkeys', () => {
  it('renames one, and refuses an empty name', async () => {
    const me = await newSignedInUser(t, 'pkrename');
    const { passkey } = await withPasskey(me);
    const url = `/v1/auth/passkeys/${passkey.id}`;
    const res = await injectAs(t.app, me, 'PATCH', url, { name: 'Phone' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Passkey renamed.', data: { name: 'Phone' } });
    expectFailure(
      await injectAs(t.app, me, 'PATCH', url, { name: '   ' }),
      400,
      'VALIDATION_ERROR',
    );
    expect((await passkeysOf(me))[0]?.name).toBe('Phone');
  });

  it("answers 404 for another account's passkey, and leaves it as it was", async () => {
    const owner = await newSignedInUser(t, 'pkowner');
    const stranger = await newSignedInUser(t, 'pkstranger');
    const { passkey } = await withPasskey(owner, 'Mine');
    const url = `/v1/auth/passkeys/${passkey.id}`;
    expectFailure(
      await injectAs(t.app, stranger, 'PATCH', url, { name: 'Theirs' }),
      404,
      'NOT_FOUND',
    );
    expectFailure(await injectAs(t.app, stranger, 'DELETE', url), 404, 'NOT_FOUND');
    expect(await passkeysOf(stranger)).toEqual([]);
    expect(await passkeysOf(owner)).toMatchObject([{ id: passkey.id, name: 'Mine' }]);
  });
});
