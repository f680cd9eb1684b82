import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import {
  AUTH_MESSAGES,
  MODERATION_MESSAGES,
  appConfigSchema,
  billingOverviewSchema,
  checkoutResultSchema,
  publicPbSchema,
  publicProfileSchema,
  type PersonalBest,
  type User,
} from '@pbshare/shared';
import { expect } from 'vitest';
import { bearer } from '../test/accounts.js';
import { formData } from '../test/form-data.js';
import { archiveJsonOf, unzip } from '../test/zip-archive.js';
import { weightFields } from '../test/pbs.js';
import type { Envelope } from './answer-checks.js';
import type { World } from './world.js';

export type Request = Omit<InjectOptions, 'method' | 'url'> & { url: string };

/** One call and what it must answer. */
export interface Attempt {
  label: string;
  request: Request;
  status: number;
  code?: string;
  /** Further checks of the answer's body (an envelope unless the route says otherwise). */
  check?: (body: Envelope, world: World) => void;
  /** Checks of an answer that is not an envelope (a route with `envelope: false`). */
  checkRaw?: (res: LightMyRequestResponse, world: World) => Promise<void>;
}

/**
 * - public: anyone may call it; the visitor's attempts say what they get, and no answer may carry
 *   the owner's private data.
 * - signed-in: needs a live session. Every attempt is first made as a visitor (no token or a bad
 *   one: 401 in the envelope), then as another signed-in user aiming at the owner's things
 *   (their ids, their password): the stranger gets 404 or their own data, never the owner's, and
 *   the owner's account is the same afterwards.
 * - refresh-cookie: the session's refresh cookie is the credential; without one nothing happens.
 */
export type RouteAccess =
  | { access: 'public'; envelope?: false; visitor: (w: World) => Attempt[] }
  | { access: 'signed-in'; envelope?: false; stranger: (w: World) => Attempt[] }
  | { access: 'refresh-cookie'; visitor: (w: World) => Attempt[] };

const TUS = { 'tus-resumable': '1.0.0' };

const json = (payload: Record<string, unknown>) => ({ payload });

const notFound = (label: string, request: Request): Attempt => ({
  label,
  request,
  status: 404,
  code: 'NOT_FOUND',
});

/** The owner's record ids a stranger might try: the public card, the hidden one, the history. */
const ownerIds = (w: World): [label: string, id: string][] => [
  ['the visible PB', w.owner.visible.id],
  ['the hidden PB', w.owner.hidden.id],
  ['an older record', w.owner.history.id],
];

const sameAnswerFor = (path: string, w: World): Attempt[] =>
  [w.owner.session.email, 'nobody-here@example.com'].map((email) => ({
    label: email === w.owner.session.email ? "the owner's e-mail" : 'an unknown e-mail',
    request: { url: path, ...json({ email }) },
    status: 200,
    // Same words either way, so the answer does not tell who has an account.
    check: (body) => {
      expect(body.message).toMatch(/^If /);
    },
  }));

/** A passkey id no account has. */
const SOMEONE_ELSES_ID = '00000000-0000-4000-8000-00000000b0b0';

/** A well-formed passkey answer to a challenge the server never made. */
const PASSKEY_ANSWER = (type: 'webauthn.create' | 'webauthn.get') => {
  const b64 = (text: string) => Buffer.from(text).toString('base64url');
  const clientDataJSON = b64(JSON.stringify({ type, challenge: 'x', origin: 'http://localhost' }));
  return {
    challengeId: '00000000-0000-4000-8000-00000000c0c0',
    response: {
      id: 'AAAA',
      rawId: 'AAAA',
      response:
        type === 'webauthn.create'
          ? { clientDataJSON, attestationObject: b64('none') }
          : { clientDataJSON, authenticatorData: b64('data'), signature: b64('signature') },
      clientExtensionResults: {},
      type: 'public-key',
    },
  };
};

/** A well-formed content key that no image has: it redirects to the current one, if any. */
const STALE_PREVIEW_KEY = '0'.repeat(24);

/**
 * A PB's images exist for the public card only (any key of it redirects to the current image);
 * the hidden PB, an older record and someone else's PB under the owner's name are not found.
 */
const pbPreviewAttempts = (kind: 'pb' | 'story', w: World): Attempt[] => {
  const url = (username: string, id: string) =>
    `/previews/${kind}/${username}/${id}/${STALE_PREVIEW_KEY}.jpg`;
  return [
    {
      label: `the visible PB's ${kind} image under an outdated key`,
      request: { url: url(w.owner.username, w.owner.visible.id) },
      status: 302,
    },
    ...ownerIds(w)
      .slice(1)
      .map(([label, id]) => ({ label, request: { url: url(w.owner.username, id) }, status: 404 })),
    {
      label: "the stranger's PB under the owner's name",
      request: { url: url(w.owner.username, w.stranger.pb.id) },
      status: 404,
    },
  ];
};

/**
 * Moderation's admin routes answer everyone but a signed-in admin as a path the API does not
 * have (the world has no admin): no token, a made-up one, the stranger's session, the owner's.
 */
const adminOnly =
  (method: 'GET' | 'POST', url: string, body?: Record<string, unknown>) =>
  (w: World): Attempt[] =>
    (
      [
        ['no token', {}],
        ['a made-up token', { authorization: 'Bearer made.up.token' }],
        ["the stranger's session", bearer(w.stranger.session)],
        ["the owner's session", bearer(w.owner.session)],
      ] as const
    ).map(([label, headers]) => ({
      ...notFound(label, { url, headers, ...(body && json(body)) }),
      check: (res) => {
        expect(res.message).toBe(`No such endpoint: ${method} ${url.split('?')[0] ?? url}`);
      },
    }));

/** A report of the owner's profile, or of one of their ids as a PB, from a visitor. */
const reportOf = (w: World, pbId?: string) =>
  json({
    username: w.owner.username,
    ...(pbId && { pbId }),
    reason: 'spam',
    email: 'reporter@example.com',
  });

/**
 * Every route the app serves, keyed "METHOD /path" as Fastify registers it. A route missing here
 * fails authorization-matrix.int.test.ts: add it with its access rule and the attempts that prove it.
 */
export const ROUTE_ACCESS: Record<string, RouteAccess> = {
  'GET /healthz': {
    access: 'public',
    envelope: false,
    visitor: () => [{ label: 'liveness', request: { url: '/healthz' }, status: 200 }],
  },
  'GET /readyz': {
    access: 'public',
    envelope: false,
    visitor: () => [{ label: 'readiness', request: { url: '/readyz' }, status: 200 }],
  },
  'GET /media/*': {
    access: 'public',
    envelope: false,
    visitor: (w) => [
      { label: 'a public card image', request: { url: w.owner.visible.media.url }, status: 200 },
      { label: 'the avatar', request: { url: w.owner.avatarUrl }, status: 200 },
    ],
  },
  'GET /previews/profile/:username/:key.jpg': {
    access: 'public',
    envelope: false,
    visitor: (w) => [
      {
        label: "the owner's profile image under an outdated key",
        request: { url: `/previews/profile/${w.owner.username}/${STALE_PREVIEW_KEY}.jpg` },
        status: 302,
      },
      {
        label: 'an unknown person',
        request: { url: `/previews/profile/nobody-at-all/${STALE_PREVIEW_KEY}.jpg` },
        status: 404,
      },
    ],
  },
  'GET /previews/pb/:username/:pbId/:key.jpg': {
    access: 'public',
    envelope: false,
    visitor: (w) => pbPreviewAttempts('pb', w),
  },
  'GET /previews/story/:username/:pbId/:key.jpg': {
    access: 'public',
    envelope: false,
    visitor: (w) => pbPreviewAttempts('story', w),
  },
  'GET /v1/app-config': {
    access: 'public',
    visitor: () => [
      {
        label: 'the public facts',
        request: { url: '/v1/app-config' },
        status: 200,
        // Strict: a field added to the answer must be added to the contract on purpose.
        check: (body) => appConfigSchema.strict().parse(body.data),
      },
    ],
  },
  'GET /v1/pbs/user/:username': {
    access: 'public',
    visitor: (w) => [
      {
        label: "the owner's public page",
        request: { url: `/v1/pbs/user/${encodeURIComponent(w.owner.username)}` },
        status: 200,
        check: (body, world) => {
          const profile = publicProfileSchema.strict().parse(body.data);
          expect(Object.keys(profile.user).sort()).toEqual(['bio', 'displayName', 'profileImage']);
          expect(profile.pbs.map((pb) => pb.id)).toEqual([world.owner.visible.id]);
          for (const pb of profile.pbs) publicPbSchema.strict().parse(pb);
        },
      },
      {
        label: 'an unknown person',
        request: { url: '/v1/pbs/user/nobody-at-all' },
        status: 404,
        code: 'NOT_FOUND',
      },
      {
        label: "the owner's former username",
        request: { url: `/v1/pbs/user/${encodeURIComponent(w.owner.formerUsername)}` },
        status: 301,
        check: (body, world) => {
          expect(body.data).toEqual({ username: world.owner.username });
        },
      },
    ],
  },
  'POST /v1/auth/register': {
    access: 'public',
    visitor: (w) => [
      {
        label: 'a new account',
        request: {
          url: '/v1/auth/register',
          ...json({
            email: 'newcomer@example.com',
            password: 'newcomer password',
            displayName: 'newcomer',
          }),
        },
        status: 201,
        check: (body) => {
          expect(body.data).toBeNull();
          expect(body.message).toBe(AUTH_MESSAGES.signedUp);
        },
      },
      {
        label: "the owner's former username, which is held for them",
        request: {
          url: '/v1/auth/register',
          ...json({
            email: 'squatter@example.com',
            password: 'squatter password',
            displayName: w.owner.formerUsername.toUpperCase(),
          }),
        },
        status: 409,
        code: 'USERNAME_TAKEN',
      },
    ],
  },
  'GET /v1/auth/verify': {
    access: 'public',
    visitor: () => [
      {
        label: 'a made-up token',
        request: { url: '/v1/auth/verify?token=made-up' },
        status: 400,
        code: 'TOKEN_INVALID',
      },
    ],
  },
  'POST /v1/auth/login': {
    access: 'public',
    visitor: (w) => [
      {
        label: "the owner's e-mail with a wrong password",
        request: {
          url: '/v1/auth/login',
          ...json({ email: w.owner.session.email, password: 'a guess' }),
        },
        status: 401,
        code: 'INVALID_CREDENTIALS',
      },
    ],
  },
  'POST /v1/auth/resend-verification': {
    access: 'public',
    visitor: (w) => sameAnswerFor('/v1/auth/resend-verification', w),
  },
  'POST /v1/auth/forgot-password': {
    access: 'public',
    visitor: (w) => sameAnswerFor('/v1/auth/forgot-password', w),
  },
  'POST /v1/auth/reset-password': {
    access: 'public',
    visitor: () => [
      {
        label: 'a made-up token',
        request: {
          url: '/v1/auth/reset-password',
          ...json({ token: 'made-up', password: 'a new password' }),
        },
        status: 400,
        code: 'TOKEN_INVALID',
      },
    ],
  },
  'POST /v1/auth/refresh': {
    access: 'refresh-cookie',
    visitor: () => [
      {
        label: 'no cookie',
        request: { url: '/v1/auth/refresh' },
        status: 401,
        code: 'UNAUTHORIZED',
      },
      {
        label: 'a made-up cookie',
        request: { url: '/v1/auth/refresh', headers: { cookie: 'pbshare_refresh=made-up' } },
        status: 401,
        code: 'UNAUTHORIZED',
      },
    ],
  },
  'POST /v1/auth/logout': {
    access: 'refresh-cookie',
    // Signing out without a session is a no-op, and must stay one: the owner stays signed in.
    visitor: () => [
      { label: 'no cookie', request: { url: '/v1/auth/logout' }, status: 200 },
      {
        label: 'a made-up cookie',
        request: { url: '/v1/auth/logout', headers: { cookie: 'pbshare_refresh=made-up' } },
        status: 200,
      },
    ],
  },
  'POST /v1/auth/login/second-step': {
    access: 'public',
    visitor: () => [
      {
        label: 'a made-up ticket with a code',
        request: {
          url: '/v1/auth/login/second-step',
          ...json({ ticket: 'x.y.z', code: '123456' }),
        },
        status: 401,
        code: 'UNAUTHORIZED',
      },
    ],
  },
  'GET /v1/auth/two-step': {
    access: 'signed-in',
    stranger: () => [
      {
        label: 'their own status only',
        request: { url: '/v1/auth/two-step' },
        status: 200,
        check: (body) => {
          expect(body.data).toEqual({ enabled: false, recoveryCodesLeft: 0 });
        },
      },
    ],
  },
  'POST /v1/auth/two-step/setup': {
    access: 'signed-in',
    stranger: (w) => [
      {
        label: "with the owner's password",
        request: { url: '/v1/auth/two-step/setup', ...json({ password: w.owner.password }) },
        status: 401,
        code: 'INVALID_CREDENTIALS',
      },
    ],
  },
  'POST /v1/auth/two-step/enable': {
    access: 'signed-in',
    stranger: () => [
      {
        label: 'without a setup of their own',
        request: { url: '/v1/auth/two-step/enable', ...json({ code: '123456' }) },
        status: 409,
        code: 'CONFLICT',
      },
    ],
  },
  'POST /v1/auth/two-step/disable': {
    access: 'signed-in',
    stranger: (w) => [
      {
        label: "with the owner's password",
        request: {
          url: '/v1/auth/two-step/disable',
          ...json({ password: w.owner.password, code: '123456' }),
        },
        status: 401,
        code: 'INVALID_CREDENTIALS',
      },
    ],
  },
  'GET /v1/auth/sessions': {
    access: 'signed-in',
    stranger: () => [
      {
        label: 'their own devices only',
        request: { url: '/v1/auth/sessions' },
        status: 200,
        check: (body, w) => {
          const ids = (body.data as { devices: { id: string }[] }).devices.map((d) => d.id);
          expect(ids).not.toContain(sessionIdOf(w.owner.session.accessToken));
        },
      },
    ],
  },
  'DELETE /v1/auth/sessions/:id': {
    access: 'signed-in',
    stranger: (w) => [
      {
        label: "the owner's session",
        request: { url: `/v1/auth/sessions/${sessionIdOf(w.owner.session.accessToken)}` },
        status: 404,
        code: 'NOT_FOUND',
      },
    ],
  },
  'POST /v1/auth/sessions/sign-out-others': {
    access: 'signed-in',
    // Signs out the stranger's other sessions only: the owner's list is unchanged (checked after).
    stranger: () => [
      {
        label: 'their own sessions only',
        request: { url: '/v1/auth/sessions/sign-out-others' },
        status: 200,
      },
    ],
  },
  // Passkeys (the owner of the world has none: passkeys.int.test.ts aims at a real one of theirs).
  'GET /v1/auth/passkeys': {
    access: 'signed-in',
    stranger: () => [
      {
        label: 'their own passkeys only',
        request: { url: '/v1/auth/passkeys' },
        status: 200,
        check: (body) => {
          expect(body.data).toEqual({ passkeys: [] });
        },
      },
    ],
  },
  'POST /v1/auth/passkeys/registration-options': {
    access: 'signed-in',
    stranger: (w) => [
      {
        label: 'options for their own account',
        request: { url: '/v1/auth/passkeys/registration-options' },
        status: 200,
        check: (body) => {
          const { options } = body.data as { options: { user: { name: string } } };
          expect(options.user.name).toBe(w.stranger.session.email);
        },
      },
    ],
  },
  'POST /v1/auth/passkeys': {
    access: 'signed-in',
    stranger: () => [
      {
        label: 'a challenge that is not theirs',
        request: { url: '/v1/auth/passkeys', ...json(PASSKEY_ANSWER('webauthn.create')) },
        status: 400,
        code: 'BAD_REQUEST',
      },
    ],
  },
  'PATCH /v1/auth/passkeys/:id': {
    access: 'signed-in',
    stranger: () => [
      notFound('a passkey not theirs', {
        url: `/v1/auth/passkeys/${SOMEONE_ELSES_ID}`,
        ...json({ name: 'Mine now' }),
      }),
    ],
  },
  'DELETE /v1/auth/passkeys/:id': {
    access: 'signed-in',
    stranger: () => [
      notFound('a passkey not theirs', { url: `/v1/auth/passkeys/${SOMEONE_ELSES_ID}` }),
    ],
  },
  'POST /v1/auth/passkeys/sign-in-options': {
    access: 'public',
    visitor: () => [
      {
        label: 'options naming no account',
        request: { url: '/v1/auth/passkeys/sign-in-options' },
        status: 200,
        check: (body) => {
          const { options } = body.data as { options: { allowCredentials?: unknown[] } };
          expect(options.allowCredentials ?? []).toEqual([]);
        },
      },
    ],
  },
  'POST /v1/auth/passkeys/sign-up-options': {
    access: 'public',
    visitor: () => [
      {
        label: 'options for a new account, naming no existing one',
        request: {
          url: '/v1/auth/passkeys/sign-up-options',
          ...json({ email: 'passkey-newcomer@example.com', displayName: 'passkeynewcomer' }),
        },
        status: 200,
      },
    ],
  },
  'POST /v1/auth/passkeys/sign-up': {
    access: 'public',
    visitor: () => [
      {
        label: 'a made-up challenge',
        request: {
          url: '/v1/auth/passkeys/sign-up',
          ...json({
            email: 'passkey-newcomer@example.com',
            displayName: 'passkeynewcomer',
            ...PASSKEY_ANSWER('webauthn.create'),
          }),
        },
        status: 400,
        code: 'BAD_REQUEST',
      },
    ],
  },
  'POST /v1/auth/passkeys/sign-in': {
    access: 'public',
    visitor: () => [
      {
        label: 'a made-up challenge',
        request: { url: '/v1/auth/passkeys/sign-in', ...json(PASSKEY_ANSWER('webauthn.get')) },
        status: 400,
        code: 'BAD_REQUEST',
      },
    ],
  },
  'PUT /v1/auth/change-password': {
    access: 'signed-in',
    stranger: (w) => [
      {
        label: "with the owner's password as the current one",
        request: {
          url: '/v1/auth/change-password',
          ...json({ currentPassword: w.owner.password, newPassword: 'hijacked password' }),
        },
        status: 401,
        code: 'INVALID_CREDENTIALS',
      },
    ],
  },
  'GET /v1/pbs': {
    access: 'signed-in',
    stranger: () => [
      {
        label: 'their own list only',
        request: { url: '/v1/pbs' },
        status: 200,
        check: (body, w) => {
          expect((body.data as PersonalBest[]).map((pb) => pb.id)).toEqual([w.stranger.pb.id]);
        },
      },
    ],
  },
  'GET /v1/pbs/:id': {
    access: 'signed-in',
    stranger: (w) => ownerIds(w).map(([label, id]) => notFound(label, { url: `/v1/pbs/${id}` })),
  },
  'POST /v1/pbs': {
    access: 'signed-in',
    stranger: (w) => [
      ...ownerIds(w).map(([label, id]) =>
        notFound(`editing ${label}`, {
          url: '/v1/pbs',
          payload: formData({ ...weightFields('Hijacked'), isEditMode: 'true', id }),
        }),
      ),
      notFound("a PB made from the owner's upload", {
        url: '/v1/pbs',
        payload: formData({ ...weightFields('Hijacked'), uploadId: w.owner.uploadId }),
      }),
    ],
  },
  'PUT /v1/pbs': {
    access: 'signed-in',
    stranger: (w) =>
      ownerIds(w).map(([label, id]) =>
        notFound(`editing ${label}`, {
          url: '/v1/pbs',
          ...json({ ...weightFields('Hijacked'), id }),
        }),
      ),
  },
  'POST /v1/uploads': {
    access: 'signed-in',
    stranger: () => [
      {
        label: 'their own upload',
        request: { url: '/v1/uploads', headers: { ...TUS, 'upload-length': '10' } },
        status: 201,
      },
    ],
    envelope: false,
  },
  'HEAD /v1/uploads/:id': {
    access: 'signed-in',
    envelope: false,
    stranger: (w) => [
      {
        label: "the owner's upload",
        request: { url: `/v1/uploads/${w.owner.uploadId}`, headers: TUS },
        status: 404,
      },
    ],
  },
  'PATCH /v1/uploads/:id': {
    access: 'signed-in',
    stranger: (w) => [
      notFound("appending to the owner's upload", {
        url: `/v1/uploads/${w.owner.uploadId}`,
        headers: {
          ...TUS,
          'upload-offset': '5',
          'content-type': 'application/offset+octet-stream',
        },
        payload: Buffer.from('more'),
      }),
    ],
  },
  'DELETE /v1/uploads/:id': {
    access: 'signed-in',
    stranger: (w) => [
      notFound("terminating the owner's upload", {
        url: `/v1/uploads/${w.owner.uploadId}`,
        headers: TUS,
      }),
    ],
  },
  'GET /v1/pbs/:id/story.jpg': {
    access: 'signed-in',
    stranger: (w) =>
      ownerIds(w).map(([label, id]) => notFound(label, { url: `/v1/pbs/${id}/story.jpg` })),
  },
  'DELETE /v1/pbs/:id': {
    access: 'signed-in',
    stranger: (w) =>
      ownerIds(w).map(([label, id]) => notFound(`deleting ${label}`, { url: `/v1/pbs/${id}` })),
  },
  'PATCH /v1/pbs/visibility': {
    access: 'signed-in',
    stranger: (w) => [
      notFound('showing the hidden PB', {
        url: '/v1/pbs/visibility',
        ...json({ id: w.owner.hidden.id, isVisible: true }),
      }),
      notFound('hiding the visible PB', {
        url: '/v1/pbs/visibility',
        ...json({ id: w.owner.visible.id, isVisible: false }),
      }),
    ],
  },
  'PATCH /v1/pbs/update-order': {
    access: 'signed-in',
    stranger: (w) => [
      notFound("reordering the owner's PBs", {
        url: '/v1/pbs/update-order',
        ...json({ orderedIds: [w.owner.hidden.id, w.owner.visible.id] }),
      }),
      notFound("slipping the owner's PB into their own order", {
        url: '/v1/pbs/update-order',
        ...json({ orderedIds: [w.stranger.pb.id, w.owner.visible.id] }),
      }),
    ],
  },
  'GET /v1/users/profile': {
    access: 'signed-in',
    stranger: () => [
      {
        label: 'their own profile only',
        request: { url: '/v1/users/profile' },
        status: 200,
        check: (body, w) => {
          expect((body.data as User).email).toBe(w.stranger.session.email);
        },
      },
    ],
  },
  'PUT /v1/users': {
    access: 'signed-in',
    stranger: (w) => [
      {
        label: 'their own bio only',
        request: { url: '/v1/users', ...json({ bio: 'the stranger bio' }) },
        status: 200,
        check: (body, world) => {
          expect((body.data as User).email).toBe(world.stranger.session.email);
        },
      },
      {
        label: "taking the owner's username",
        request: { url: '/v1/users', ...json({ displayName: w.owner.username }) },
        status: 409,
        code: 'USERNAME_TAKEN',
      },
      {
        label: "taking the owner's former username, which is held for them",
        request: { url: '/v1/users', ...json({ displayName: w.owner.formerUsername }) },
        status: 409,
        code: 'USERNAME_TAKEN',
      },
    ],
  },
  'GET /v1/billing': {
    access: 'signed-in',
    stranger: () => [
      {
        label: 'their own plan only',
        request: { url: '/v1/billing' },
        status: 200,
        check: (body) => {
          expect(billingOverviewSchema.parse(body.data).purchases).toEqual([]);
        },
      },
    ],
  },
  'POST /v1/billing/checkout': {
    access: 'signed-in',
    // Buys for the caller only; the owner's snapshot (tier included) proves it.
    stranger: () => [
      {
        label: 'a checkout of their own',
        request: { url: '/v1/billing/checkout', ...json({ plan: 'lifetime' }) },
        status: 200,
        check: (body) => checkoutResultSchema.parse(body.data),
      },
    ],
  },
  'POST /v1/billing/webhook': {
    access: 'public',
    // Called by the payment provider: what authenticates it is the signature over the body.
    visitor: () => [
      {
        label: 'an unsigned event',
        request: { url: '/v1/billing/webhook', ...json({ type: 'checkout.session.completed' }) },
        status: 400,
        code: 'BAD_REQUEST',
      },
      {
        label: 'a made-up signature',
        request: {
          url: '/v1/billing/webhook',
          headers: { 'stripe-signature': 't=1,v1=00' },
          ...json({ type: 'checkout.session.completed' }),
        },
        status: 400,
        code: 'BAD_REQUEST',
      },
    ],
  },
  'GET /v1/users/export': {
    access: 'signed-in',
    // A ZIP, not an envelope: its pbshare.json must be the stranger's own account.
    envelope: false,
    stranger: () => [
      {
        label: 'their own data only',
        request: { url: '/v1/users/export' },
        status: 200,
        checkRaw: async (res, w) => {
          const files = await unzip(res.rawPayload);
          expect(archiveJsonOf(files).profile.username).toBe(w.stranger.username);
          const json = files.get('pbshare.json')?.toString('utf8') ?? '';
          for (const secret of w.owner.secrets) expect(json).not.toContain(secret);
        },
      },
    ],
  },
  'POST /v1/users/import': {
    access: 'signed-in',
    // Into the caller's account only, and only while it has no PB (the stranger has one).
    stranger: () => [
      {
        label: 'an import into their own account, which has a PB',
        request: {
          url: '/v1/users/import',
          payload: formData({}, [{ data: Buffer.from('PK'), contentType: 'application/zip' }]),
        },
        status: 409,
        code: 'CONFLICT',
      },
    ],
  },
  'GET /v1/users/import': {
    access: 'signed-in',
    // The caller's own latest import only: the stranger never imported, so there is none.
    stranger: () => [
      {
        label: 'their own imports only',
        request: { url: '/v1/users/import' },
        status: 404,
        code: 'NOT_FOUND',
      },
    ],
  },
  'DELETE /v1/users': {
    access: 'signed-in',
    stranger: (w) => [
      {
        label: "with the owner's password",
        request: { url: '/v1/users', ...json({ password: w.owner.password }) },
        status: 401,
        code: 'INVALID_CREDENTIALS',
      },
    ],
  },
  // Moderation: reports from anyone, the admins' routes, the owner's decisions and appeals.
  'POST /v1/reports': {
    access: 'public',
    // A report tells nothing the public page does not: the owner's hidden PB, an older record and
    // someone else's PB under the owner's name are answered as a PB that does not exist.
    visitor: (w) => [
      {
        label: "a visitor's report of the owner's profile",
        request: { url: '/v1/reports', ...reportOf(w) },
        status: 201,
        check: (body) => {
          expect(body.data).toBeNull();
          expect(body.message).toBe(MODERATION_MESSAGES.reportThanks);
        },
      },
      {
        label: "the stranger's report of the owner's public PB",
        request: {
          url: '/v1/reports',
          headers: bearer(w.stranger.session),
          ...json({ username: w.owner.username, pbId: w.owner.visible.id, reason: 'nudity' }),
        },
        status: 201,
      },
      {
        label: 'a visitor without an e-mail',
        request: { url: '/v1/reports', ...json({ username: w.owner.username, reason: 'spam' }) },
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      ...ownerIds(w)
        .slice(1)
        .map(([label, id]) => notFound(label, { url: '/v1/reports', ...reportOf(w, id) })),
      notFound("the stranger's PB under the owner's name", {
        url: '/v1/reports',
        ...reportOf(w, w.stranger.pb.id),
      }),
      {
        label: "the stranger's own profile",
        request: {
          url: '/v1/reports',
          headers: bearer(w.stranger.session),
          ...json({ username: w.stranger.username, reason: 'spam' }),
        },
        status: 400,
        code: 'BAD_REQUEST',
      },
    ],
  },
  'GET /v1/admin/queue': { access: 'public', visitor: adminOnly('GET', '/v1/admin/queue') },
  'GET /v1/admin/audit': { access: 'public', visitor: adminOnly('GET', '/v1/admin/audit?limit=5') },
  'POST /v1/admin/actions': {
    access: 'public',
    // Suspending the owner, as anyone: the owner's snapshot (their profile) proves nothing changed.
    visitor: (w) =>
      adminOnly('POST', '/v1/admin/actions', {
        action: 'suspend',
        reason: 'hijacked',
        userId: userIdOf(w.owner.session.accessToken),
      })(w),
  },
  'GET /v1/moderation/decisions': {
    access: 'signed-in',
    stranger: () => [
      {
        label: 'their own decisions only',
        request: { url: '/v1/moderation/decisions' },
        status: 200,
        check: (body) => {
          expect(body.data).toEqual({ decisions: [] });
        },
      },
    ],
  },
  'POST /v1/moderation/appeals': {
    access: 'signed-in',
    stranger: () => [
      notFound('a decision that is not about them', {
        url: '/v1/moderation/appeals',
        ...json({ actionId: SOMEONE_ELSES_ID, message: 'Undo it' }),
      }),
    ],
  },
};

/** The session id (`sid`) an access token carries, read without checking it (a test's own token). */
function sessionIdOf(accessToken: string): string {
  const payload = accessToken.split('.')[1] ?? '';
  return (JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sid: string }).sid;
}

/** The account id (`sub`) an access token carries, read without checking it. */
function userIdOf(accessToken: string): string {
  const payload = accessToken.split('.')[1] ?? '';
  return (JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sub: string }).sub;
}
