import type { SignedInDevice } from '@pbshare/shared';
import { describe, expect, it, vi } from 'vitest';
import {
  bearer,
  PASSWORD,
  refreshCookieOf,
  registerAndVerify,
  uniqueAccount,
} from '../../../test/accounts.js';
import { expectFailure } from '../../../test/envelope.js';
import { useTestApp } from '../../../test/file-hooks.js';
import { waitUntil } from '../../../test/wait-until.js';
import { DevicesRepository } from './repository.js';

const t = useTestApp();

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

interface Device {
  accessToken: string;
  /** The refresh and device cookies, as a Cookie header. */
  cookie: string;
  deviceCookie: string;
}

/** Signs in as a browser would: with its agent, its address and the device cookie it kept. */
async function signInFrom(
  account: { email: string },
  from: { agent: string; address?: string; deviceCookie?: string },
): Promise<Device> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/auth/login',
    remoteAddress: from.address ?? '127.0.0.1',
    headers: {
      'user-agent': from.agent,
      ...(from.deviceCookie && { cookie: from.deviceCookie }),
    },
    payload: { email: account.email, password: PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  const device = res.cookies.find((c) => c.name === 'pbshare_device');
  expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/v1/auth' });
  const deviceCookie = `pbshare_device=${device?.value}`;
  return {
    accessToken: res.json<{ data: { accessToken: string } }>().data.accessToken,
    cookie: `${refreshCookieOf(res)}; ${deviceCookie}`,
    deviceCookie,
  };
}

async function devicesOf(device: Device): Promise<SignedInDevice[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/v1/auth/sessions',
    headers: bearer(device),
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toContain('no-store');
  return res.json<{ data: { devices: SignedInDevice[] } }>().data.devices;
}

describe('your devices', () => {
  it('lists each signed-in session with its device, browser, country and last use, this one first', async () => {
    const account = await registerAndVerify(t, uniqueAccount('devices'));
    const phone = await signInFrom(account, { agent: IPHONE, address: '8.8.8.8' });
    const laptop = await signInFrom(account, { agent: MAC, address: '::ffff:10.0.0.7' });

    const seenByLaptop = await devicesOf(laptop);
    expect(seenByLaptop).toHaveLength(2);
    const [laptopRow, phoneRow] = seenByLaptop;
    expect(laptopRow).toMatchObject({
      device: 'Mac',
      browser: 'Chrome 131',
      country: null,
      current: true,
    });
    expect(phoneRow).toMatchObject({
      device: 'iPhone',
      browser: 'Safari 18',
      country: 'US',
      current: false,
    });
    expect(Date.parse(phoneRow?.lastSeenAt ?? '')).toBeLessThanOrEqual(
      Date.parse(laptopRow?.lastSeenAt ?? ''),
    );
    // The country is all of the place that is kept or shown.
    expect(JSON.stringify(seenByLaptop)).not.toContain('8.8.8.8');

    // Each device sees itself first.
    const seenByPhone = await devicesOf(phone);
    expect(seenByPhone.map((d) => [d.device, d.current])).toEqual([
      ['iPhone', true],
      ['Mac', false],
    ]);
  });

  it('moves last seen on refresh', async () => {
    const account = await registerAndVerify(t, uniqueAccount('devices'));
    const phone = await signInFrom(account, { agent: IPHONE });
    const before = (await devicesOf(phone))[0]?.lastSeenAt ?? '';
    await new Promise((resolve) => setTimeout(resolve, 20));
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/refresh',
      headers: { cookie: phone.cookie },
    });
    expect(res.statusCode).toBe(200);
    const after = (await devicesOf(phone))[0]?.lastSeenAt ?? '';
    expect(Date.parse(after)).toBeGreaterThan(Date.parse(before));
  });

  it('signs one device out at once: its access token and its refresh stop working', async () => {
    const account = await registerAndVerify(t, uniqueAccount('devices'));
    const phone = await signInFrom(account, { agent: IPHONE });
    const laptop = await signInFrom(account, { agent: MAC });
    const phoneSession = (await devicesOf(laptop)).find((d) => !d.current);
    if (!phoneSession) throw new Error('the phone is not listed');

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/v1/auth/sessions/${phoneSession.id}`,
      headers: bearer(laptop),
    });
    expect(res.json()).toMatchObject({ success: true, message: 'That device is signed out.' });

    const profile = await t.app.inject({
      method: 'GET',
      url: '/v1/users/profile',
      headers: bearer(phone),
    });
    expect(profile.statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/refresh',
      headers: { cookie: phone.cookie },
    });
    expect(refresh.statusCode).toBe(401);
    expect((await devicesOf(laptop)).map((d) => d.device)).toEqual(['Mac']);

    // Twice, or a made-up id: the same 404, so nothing is learned about other accounts' ids.
    for (const id of [phoneSession.id, '00000000-0000-4000-8000-000000000000']) {
      const again = await t.app.inject({
        method: 'DELETE',
        url: `/v1/auth/sessions/${id}`,
        headers: bearer(laptop),
      });
      expectFailure(again, 404, 'NOT_FOUND', 'That device is not signed in any more.');
    }
    const bad = await t.app.inject({
      method: 'DELETE',
      url: '/v1/auth/sessions/nope',
      headers: bearer(laptop),
    });
    expect(bad.statusCode).toBe(400);
  });

  it("signs out everywhere else and keeps the caller's session", async () => {
    const account = await registerAndVerify(t, uniqueAccount('devices'));
    const phone = await signInFrom(account, { agent: IPHONE });
    const tablet = await signInFrom(account, { agent: IPHONE });
    const laptop = await signInFrom(account, { agent: MAC });

    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/sessions/sign-out-others',
      headers: bearer(laptop),
    });
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Every other device is signed out.',
    });
    for (const other of [phone, tablet]) {
      const profile = await t.app.inject({
        method: 'GET',
        url: '/v1/users/profile',
        headers: bearer(other),
      });
      expect(profile.statusCode).toBe(401);
    }
    expect(await devicesOf(laptop)).toEqual([
      expect.objectContaining({ device: 'Mac', current: true }),
    ]);
  });
});

describe('a sign-in from a new device', () => {
  it('mails the owner, but not for the first device nor for a device signed in from before', async () => {
    const account = await registerAndVerify(t, uniqueAccount('devices'));
    const mailsBefore = t.mail.to(account.email).length;
    const phone = await signInFrom(account, { agent: IPHONE });
    // Signed out and in again on the same phone: the device cookie outlives the session.
    await signInFrom(account, { agent: IPHONE, deviceCookie: phone.deviceCookie });
    await signInFrom(account, { agent: MAC, address: '8.8.8.8' });

    // Mails go out from the queue in order: once the Mac's has come, none came for the phone.
    await waitUntil('the new sign-in mail is sent', () =>
      t.mail.to(account.email).some((m) => m.subject.startsWith('New sign-in')),
    );
    const mails = t.mail.to(account.email).slice(mailsBefore);
    expect(mails.map((m) => m.subject)).toEqual(['New sign-in to your PBShare account']);
    expect(mails[0]?.text).toContain('Mac, Chrome 131 in United States');
    expect(mails[0]?.link).toBe(`${t.config.publicOrigin}/profile/settings?tab=security`);
  });

  it('reads the known devices once per sign-in', async () => {
    const account = await registerAndVerify(t, uniqueAccount('devices'));
    const reads = vi.spyOn(DevicesRepository.prototype, 'recognition');
    try {
      const phone = await signInFrom(account, { agent: IPHONE });
      await signInFrom(account, { agent: IPHONE, deviceCookie: phone.deviceCookie });
      expect(reads).toHaveBeenCalledTimes(2);
    } finally {
      reads.mockRestore();
    }
  });

  it('treats a made-up or malformed device cookie as a new device', async () => {
    const account = await registerAndVerify(t, uniqueAccount('devices'));
    await signInFrom(account, { agent: IPHONE });
    const before = t.mail.to(account.email).length;
    for (const deviceCookie of ['pbshare_device=made-up', `pbshare_device=${'A'.repeat(43)}`]) {
      await signInFrom(account, { agent: MAC, deviceCookie });
    }
    await waitUntil(
      'both new sign-in mails are sent',
      () => t.mail.to(account.email).length >= before + 2,
    );
    expect(t.mail.to(account.email)).toHaveLength(before + 2);
  });
});
