import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';

import type { PersonalBest } from '@pbshare/shared';
import type { APIRequestContext, Page } from '@playwright/test';

import { createVerifiedAccount, type TestAccount } from './accounts.js';
import { expect } from './fixtures.js';

/** A 3 s portrait WebM (360x640, VP8 + Opus) with a quiet tone, for video PBs. */
export const storyVideo = (): Buffer =>
  readFileSync(join(import.meta.dirname, '..', 'fixtures', 'story.webm'));

type Rgb = readonly [number, number, number];

/**
 * A PNG that reads as a photo at a glance: a diagonal gradient between two colours with a soft
 * bright disc, made on the spot so specs carry no binary files.
 */
export function makePhoto(
  width = 540,
  height = 720,
  from: Rgb = [255, 122, 61],
  to: Rgb = [43, 16, 85],
): Buffer {
  const rows: Buffer[] = [];
  const cx = width * 0.68;
  const cy = height * 0.3;
  const radius = Math.min(width, height) * 0.22;
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      const glow = Math.max(0, 1 - Math.hypot(x - cx, y - cy) / radius);
      for (let c = 0; c < 3; c++) {
        const base = (from[c] ?? 0) * (1 - t) + (to[c] ?? 0) * t;
        row[1 + x * 3 + c] = Math.round(base + (255 - base) * glow * glow);
      }
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Signs in through the API and returns the access token. */
export async function apiSignIn(request: APIRequestContext, account: TestAccount): Promise<string> {
  const response = await request.post('/v1/auth/login', {
    data: { email: account.email, password: account.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { data: { accessToken: string } };
  return body.data.accessToken;
}

/**
 * Signs the page in without going through the sign-in form: the session's refresh cookie lands in
 * the page's context and the access token in localStorage, where the app looks for it.
 */
export async function signInPage(page: Page, account: TestAccount): Promise<string> {
  const token = await apiSignIn(page.request, account);
  // A string: this project type-checks specs without the DOM library.
  await page.addInitScript({
    content: `if (!localStorage.getItem('accessToken')) localStorage.setItem('accessToken', ${JSON.stringify(token)});`,
  });
  return token;
}

export interface NewPb {
  title: string;
  category?: 'Weight Training' | 'Bodyweight Training' | 'Running' | 'Cycling' | 'Swimming';
  value: string;
  date?: string;
  sets?: number;
  reps?: number;
  story?: string;
  /** The media: a photo (the default) or the sample video. */
  media?: 'photo' | 'video';
  /** Colours of the generated photo, so slides tell apart in screenshots. */
  colors?: readonly [Rgb, Rgb];
}

/** Adds a PB through POST /v1/pbs, as the add-PB form would. */
export async function createPb(
  request: APIRequestContext,
  token: string,
  pb: NewPb,
): Promise<PersonalBest> {
  const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {
    title: pb.title,
    category: pb.category ?? 'Weight Training',
    value: pb.value,
    date: pb.date ?? '2026-03-04',
    story: pb.story ?? '',
  };
  if (pb.sets !== undefined) multipart.sets = String(pb.sets);
  if (pb.reps !== undefined) multipart.reps = String(pb.reps);
  if (pb.media === 'video') {
    multipart.file = { name: 'pb.webm', mimeType: 'video/webm', buffer: storyVideo() };
    multipart.poster = {
      name: 'poster.png',
      mimeType: 'image/png',
      buffer: makePhoto(360, 640, [255, 106, 43], [11, 13, 18]),
    };
  } else {
    const [from, to] = pb.colors ?? [
      [255, 122, 61],
      [43, 16, 85],
    ];
    multipart.file = {
      name: 'pb.png',
      mimeType: 'image/png',
      buffer: makePhoto(540, 720, from, to),
    };
  }
  const response = await request.post('/v1/pbs', {
    headers: { Authorization: `Bearer ${token}` },
    multipart,
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: PersonalBest }).data;
}

/** Shows or hides a PB through PATCH /v1/pbs/visibility. */
export async function setVisibility(
  request: APIRequestContext,
  token: string,
  id: string,
  isVisible: boolean,
): Promise<void> {
  const response = await request.patch('/v1/pbs/visibility', {
    headers: { Authorization: `Bearer ${token}` },
    data: { id, isVisible },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A fresh verified account with the given PBs, in that order, signed in on `page`. */
export async function sharerWithPbs(
  page: Page,
  request: APIRequestContext,
  pbs: NewPb[],
): Promise<{ account: TestAccount; token: string; pbs: PersonalBest[] }> {
  const account = await createVerifiedAccount(request);
  const token = await signInPage(page, account);
  const created: PersonalBest[] = [];
  for (const pb of pbs) created.push(await createPb(request, token, pb));
  return { account, token, pbs: created };
}

/** A story well over the 150 characters that earn the 'Tap to read more' hint. */
export const LONG_STORY =
  'Six months of early mornings, three failed attempts and one very patient coach. ' +
  'The bar left the floor slowly, stalled at the knee, and then it just kept going. ' +
  'I let out a shout the whole gym heard, and for once nobody minded at all. ' +
  'Next goal: the same weight for a clean double before the summer is out.';
