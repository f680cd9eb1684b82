import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newSignedInUser, PASSWORD, signIn } from '../../test/accounts.js';
import { formData } from '../../test/form-data.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A landscape JPEG carrying EXIF (orientation and a GPS-like comment) that must not survive. */
function photoWithMetadata(): Promise<Buffer> {
  return sharp({ create: { width: 900, height: 600, channels: 3, background: '#f97316' } })
    .withExif({ IFD0: { Copyright: 'secret location 51.5N 0.1W' } })
    .jpeg()
    .toBuffer();
}

const putProfile = (
  session: { accessToken: string },
  fields: Record<string, string>,
  file?: { data: Buffer; contentType?: string; filename?: string },
) => {
  const files = file
    ? [
        {
          ...file,
          filename: file.filename ?? 'me.jpg',
          contentType: file.contentType ?? 'image/jpeg',
        },
      ]
    : [];
  return t.app.inject({
    method: 'PUT',
    url: '/v1/users',
    headers: bearer(session),
    payload: formData(fields, files),
  });
};

const mediaFile = (url: string) => join(t.config.dataDir, 'media', url.replace(/^\/media\//, ''));

describe('profile', () => {
  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/users/profile' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/v1/users', payload: {} })).statusCode).toBe(
      401,
    );
  });

  it('updates the username and bio from the form, or from JSON', async () => {
    const session = await newSignedInUser(t);
    const res = await putProfile(session, {
      displayName: `${session.displayName}_x`,
      bio: 'Deadlifts & 5Ks',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Profile updated successfully!',
      data: { displayName: `${session.displayName}_x`, bio: 'Deadlifts & 5Ks' },
    });

    const json = await t.app.inject({
      method: 'PUT',
      url: '/v1/users',
      headers: bearer(session),
      payload: { bio: 'Only the bio' },
    });
    expect(json.json()).toMatchObject({
      data: { displayName: `${session.displayName}_x`, bio: 'Only the bio' },
    });
  });

  it('refuses a username someone else has, a reserved one, or a malformed one', async () => {
    const taken = await newSignedInUser(t);
    const session = await newSignedInUser(t);
    const clash = await putProfile(session, { displayName: taken.displayName.toUpperCase() });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      code: 'USERNAME_TAKEN',
      message: 'That username is taken',
    });

    expect((await putProfile(session, { displayName: 'pricing' })).json()).toMatchObject({
      status: 400,
      message: 'That username is reserved',
    });
    expect((await putProfile(session, { displayName: 'a b' })).statusCode).toBe(400);
    expect((await putProfile(session, { bio: 'x'.repeat(501) })).statusCode).toBe(400);

    // Changing only the case of one's own name is fine.
    const own = await putProfile(session, { displayName: session.displayName.toUpperCase() });
    expect(own.statusCode).toBe(200);
  });
});

describe('avatar', () => {
  it('is sniffed, rotated, stripped of metadata, made a square WebP and served cacheable', async () => {
    const session = await newSignedInUser(t);
    // The client claims a wrong type and name; the bytes decide.
    const res = await putProfile(
      session,
      {},
      {
        data: await photoWithMetadata(),
        contentType: 'application/octet-stream',
        filename: 'x.bin',
      },
    );
    expect(res.statusCode).toBe(200);
    const url = res.json<{ data: { profileImage: string } }>().data.profileImage;
    expect(url).toMatch(/^\/media\/avatars\/[0-9a-f-]+\.webp$/);

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.toString('latin1')).not.toContain('secret location');

    const ranged = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-9' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.length).toBe(10);
  });

  it('replacing it deletes the old file', async () => {
    const session = await newSignedInUser(t);
    const first = (await putProfile(session, {}, { data: await photoWithMetadata() })).json<{
      data: { profileImage: string };
    }>().data.profileImage;
    const second = (await putProfile(session, {}, { data: await photoWithMetadata() })).json<{
      data: { profileImage: string };
    }>().data.profileImage;
    expect(second).not.toBe(first);
    expect(existsSync(mediaFile(first))).toBe(false);
    expect(existsSync(mediaFile(second))).toBe(true);
  });

  it('refuses a file that is not an image, whatever it claims to be', async () => {
    const session = await newSignedInUser(t);
    const res = await putProfile(
      session,
      { bio: 'kept?' },
      { data: Buffer.from('<svg onload=alert(1)>'), contentType: 'image/png', filename: 'a.png' },
    );
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    const after = await t.app.inject({
      method: 'GET',
      url: '/v1/users/profile',
      headers: bearer(session),
    });
    expect(after.json()).toMatchObject({ data: { profileImage: null, bio: '' } });
  });

  it('refuses an image over 10 MB with 413', async () => {
    const session = await newSignedInUser(t);
    const huge = Buffer.concat([await photoWithMetadata(), Buffer.alloc(10 * 1024 * 1024)]);
    const res = await putProfile(session, {}, { data: huge });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Your image must be 10 MB or less.',
    });
  });
});

describe('deleting the account', () => {
  it('needs the password, then removes the rows and files, and sign-in fails after', async () => {
    const session = await newSignedInUser(t);
    const avatar = (await putProfile(session, {}, { data: await photoWithMetadata() })).json<{
      data: { profileImage: string };
    }>().data.profileImage;
    const del = (password: string) =>
      t.app.inject({
        method: 'DELETE',
        url: '/v1/users',
        headers: bearer(session),
        payload: { password },
      });

    const wrong = await del('nope');
    expect(wrong.statusCode).toBe(401);
    expect(existsSync(mediaFile(avatar))).toBe(true);

    const res = await del(PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(existsSync(mediaFile(avatar))).toBe(false);
    const db = t.database.db;
    expect(
      await db.selectFrom('users').select('id').where('email', '=', session.email).execute(),
    ).toEqual([]);
    expect(
      await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select('sessions.id')
        .where('users.email', '=', session.email)
        .execute(),
    ).toEqual([]);
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/users/profile', headers: bearer(session) }))
        .statusCode,
    ).toBe(401);
    await expect(
      signIn(t.app, { email: session.email, password: PASSWORD, displayName: session.displayName }),
    ).rejects.toThrow();
  });
});
