import type { FastifyInstance } from 'fastify';
import type { PersonalBest, User } from '@pbshare/shared';
import sharp from 'sharp';
import { bearer, registerAndVerify, signIn, uniqueAccount } from '../test/accounts.js';
import type { MailingApp, SignedIn } from '../test/accounts.js';
import { formData } from '../test/form-data.js';
import { createPb, weightFields } from '../test/pbs.js';

export interface Person {
  session: SignedIn;
  password: string;
  /** The display name, which is also the username of the public page. */
  username: string;
}

/** An owner with something of every kind to protect, and a stranger who wants it. */
export interface World {
  owner: Person & {
    /** Current, visible: the only card the public page may show. */
    visible: PersonalBest;
    /** The older record of the visible exercise: the owner's history, never public. */
    history: PersonalBest['personalBestHistory'][number];
    hidden: PersonalBest;
    avatarUrl: string;
    /** Text that exists only in the owner's private data; no one else's answer may carry it. */
    secrets: string[];
    /** The username the owner renamed away from: still theirs (a redirect), and nobody else's. */
    formerUsername: string;
    /** A finished resumable upload of the owner's, not yet used by a PB. */
    uploadId: string;
  };
  stranger: Person & { pb: PersonalBest };
}

async function person(t: MailingApp, prefix: string, password: string): Promise<Person> {
  const account = { ...uniqueAccount(prefix), password };
  await registerAndVerify(t, account);
  return { session: await signIn(t.app, account), password, username: account.displayName };
}

async function setAvatarAndBio(app: FastifyInstance, session: SignedIn, bio: string) {
  const png = await sharp({
    create: { width: 64, height: 64, channels: 3, background: '#16a34a' },
  })
    .png()
    .toBuffer();
  const res = await app.inject({
    method: 'PUT',
    url: '/v1/users',
    headers: bearer(session),
    payload: formData({ bio }, [{ filename: 'me.png', contentType: 'image/png', data: png }]),
  });
  if (res.statusCode !== 200) throw new Error(`profile update failed: ${res.body}`);
  return res.json<{ data: User }>().data;
}

async function rename(app: FastifyInstance, session: SignedIn, displayName: string) {
  const res = await app.inject({
    method: 'PUT',
    url: '/v1/users',
    headers: bearer(session),
    payload: { displayName },
  });
  if (res.statusCode !== 200) throw new Error(`rename failed: ${res.body}`);
  return res.json<{ data: User }>().data.displayName;
}

async function hide(app: FastifyInstance, session: SignedIn, id: string) {
  const res = await app.inject({
    method: 'PATCH',
    url: '/v1/pbs/visibility',
    headers: bearer(session),
    payload: { id, isVisible: false },
  });
  if (res.statusCode !== 200) throw new Error(`hiding failed: ${res.body}`);
  return res.json<{ data: PersonalBest }>().data;
}

export async function buildWorld(t: MailingApp): Promise<World> {
  const { app } = t;
  const formerOwner = await person(t, 'owner', 'owner correct horse');
  const owner = {
    ...formerOwner,
    username: await rename(app, formerOwner.session, `${formerOwner.username}x`),
  };
  const stranger = await person(t, 'stranger', 'stranger battery staple');

  const user = await setAvatarAndBio(app, owner.session, 'Public bio of the owner');
  await createPb(app, owner.session, {
    ...weightFields('Deadlift', '200 kg'),
    date: '2025-01-05',
    story: 'owner-history-story-7f3a',
  });
  const visible = await createPb(app, owner.session, {
    ...weightFields('Deadlift', '220 kg'),
    date: '2026-02-01',
    story: 'Owner public story',
  });
  const history = visible.personalBestHistory[0];
  if (!history) throw new Error('the second Deadlift record did not make a history');
  const hidden = await hide(
    app,
    owner.session,
    (
      await createPb(app, owner.session, {
        ...weightFields('Secret Squat qz81', '150 kg'),
        story: 'owner-hidden-story-c2e9',
      })
    ).id,
  );
  if (!user.profileImage) throw new Error('the avatar was not stored');
  const uploadId = await finishedUpload(app, owner.session);

  return {
    owner: {
      ...owner,
      visible,
      history,
      hidden,
      avatarUrl: user.profileImage,
      formerUsername: formerOwner.username,
      uploadId,
      secrets: [
        owner.session.email,
        owner.password,
        hidden.id,
        hidden.title,
        hidden.story,
        hidden.media.url,
        history.id,
        history.story,
        history.media.url,
      ],
    },
    stranger: {
      ...stranger,
      pb: await createPb(app, stranger.session, weightFields('Bench Press', '100 kg')),
    },
  };
}

/** A finished tus upload of a few bytes: what a stranger must not reach. */
async function finishedUpload(app: FastifyInstance, session: SignedIn): Promise<string> {
  const tus = { ...bearer(session), 'tus-resumable': '1.0.0' };
  const created = await app.inject({
    method: 'POST',
    url: '/v1/uploads',
    headers: { ...tus, 'upload-length': '5' },
  });
  const id = String(created.headers.location).split('/').pop() ?? '';
  await app.inject({
    method: 'PATCH',
    url: `/v1/uploads/${id}`,
    headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    payload: Buffer.from('bytes'),
  });
  return id;
}

/** Everything the owner can see of their own account, to prove nobody else changed it. */
export async function ownerSnapshot(app: FastifyInstance, world: World) {
  const headers = bearer(world.owner.session);
  const [profile, pbs] = await Promise.all([
    app.inject({ method: 'GET', url: '/v1/users/profile', headers }),
    app.inject({ method: 'GET', url: '/v1/pbs', headers }),
  ]);
  return { profile: profile.json<unknown>(), pbs: pbs.json<unknown>() };
}
