import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { PersonalBest } from '@pbshare/shared';
import type { APIRequestContext, Locator, Page, Response } from '@playwright/test';

import { apiSignIn, createVerifiedAccount, signIn, type TestAccount } from './accounts.js';
import { expect } from './fixtures.js';
import { encodePng, type Rgb } from './png.js';

/** A 3 s portrait WebM (360x640, VP8 + Opus) with a quiet tone, for video PBs. */
export const storyVideo = (): Buffer =>
  readFileSync(join(import.meta.dirname, '..', 'fixtures', 'story.webm'));

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
  const cx = width * 0.68;
  const cy = height * 0.3;
  const radius = Math.min(width, height) * 0.22;
  return encodePng(width, height, (x, y) => {
    const t = (x / width + y / height) / 2;
    const glow = Math.max(0, 1 - Math.hypot(x - cx, y - cy) / radius);
    const channel = (c: 0 | 1 | 2) => {
      const base = from[c] * (1 - t) + to[c] * t;
      return Math.round(base + (255 - base) * glow * glow);
    };
    return [channel(0), channel(1), channel(2)];
  });
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
    // The server draws the poster itself; the browser sends the video alone.
    multipart.file = { name: 'pb.webm', mimeType: 'video/webm', buffer: storyVideo() };
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
  const saved = ((await response.json()) as { data: PersonalBest }).data;
  // Visitors only see a video once its rendition is made, so specs of the public page wait.
  return pb.media === 'video' ? await untilMediaReady(request, token, saved.id) : saved;
}

/** The longest a 3 s clip may take to process on a loaded test machine. */
const VIDEO_READY_TIMEOUT_MS = 30_000;

/** The PB as GET /v1/pbs/{id} has it once its media is ready (a bounded wait). */
export async function untilMediaReady(
  request: APIRequestContext,
  token: string,
  id: string,
  timeout = VIDEO_READY_TIMEOUT_MS,
): Promise<PersonalBest> {
  await expect
    .poll(async () => (await serverPb(request, token, id)).media.status, {
      message: `the video of PB ${id} is processed`,
      timeout,
      intervals: [250, 500, 1000],
    })
    .not.toBe('processing');
  // A failed rendition ends the wait at once, and says so.
  const pb = await serverPb(request, token, id);
  expect(pb.media.status, `the video of PB ${id}`).toBe('ready');
  return pb;
}

/** One PB record as its owner reads it, through GET /v1/pbs/{id}. */
export async function serverPb(
  request: APIRequestContext,
  token: string,
  id: string,
): Promise<PersonalBest> {
  const response = await request.get(`/v1/pbs/${id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
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

/** The user's PBs as the server has them now. */
export async function serverPbs(
  request: APIRequestContext,
  token: string,
): Promise<PersonalBest[]> {
  const response = await request.get('/v1/pbs', {
    headers: { Authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { data: PersonalBest[] }).data;
}

/**
 * Opens a public page (/{username} or a PB's link) and waits until its script has taken over the
 * server-rendered story: the viewer focuses its frame when it hydrates, after the first paint.
 */
export async function visitStory(page: Page, path: string): Promise<Response | null> {
  const response = await page.goto(path);
  await expect(page.getByTestId('story-frame')).toBeFocused();
  return response;
}

/** The title of the slide on screen. */
export function slideTitle(page: Page): Locator {
  return page.getByTestId('story-slide').getByRole('heading', { level: 2 });
}

/** A story well over the 150 characters that earn the 'Tap to read more' hint. */
export const LONG_STORY =
  'Six months of early mornings, three failed attempts and one very patient coach. ' +
  'The bar left the floor slowly, stalled at the knee, and then it just kept going. ' +
  'I let out a shout the whole gym heard, and for once nobody minded at all. ' +
  'Next goal: the same weight for a clean double before the summer is out.';

/**
 * A verified account at the free cap: three exercises, seeded oldest first (the profile lists the
 * newest first), signed in on /profile.
 */
export async function seedThreeExercises(page: Page, request: APIRequestContext) {
  const account = await createVerifiedAccount(request);
  const token = await apiSignIn(request, account);
  // An empty date, as the add-PB form sends by default: the server records today.
  await createPb(request, token, {
    title: 'Deadlift',
    category: 'Weight Training',
    value: '405 lbs',
    date: '',
  });
  await createPb(request, token, {
    title: '5K Run',
    category: 'Running',
    value: '0:22:48',
    date: '',
  });
  await createPb(request, token, {
    title: 'Pull-ups',
    category: 'Bodyweight Training',
    value: '15 reps',
    date: '',
  });
  await signIn(page, account);
  await expect(page.getByTestId('pb-card')).toHaveCount(3);
  return account;
}

/** How full the current progress segment is (0..1), as the viewer painted it. */
export function storyProgress(page: Page): Promise<number> {
  return page.evaluate<number>(
    `(() => {
      const fill = document.querySelector('[aria-current="step"] [data-progress-fill]');
      const match = /scaleX\\(([\\d.]+)\\)/.exec(fill ? fill.style.transform : '');
      return match ? Number(match[1]) : -1;
    })()`,
  );
}

/** Waits until the slide's photo is on screen: its 5 s start from there. */
export async function photoShown(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate<number>(
        "document.querySelector('[data-testid=story-slide] img[alt]')?.naturalWidth ?? 0",
      ),
    )
    .toBeGreaterThan(0);
}

/** The public page's closing words, shown once the story is over. */
export function endScreenHeading(page: Page): Locator {
  return page.getByRole('heading', {
    level: 1,
    name: 'Behind every PB is a story worth telling.',
  });
}

/** What a stubbed Web Share was handed: the words, the link and each file's particulars. */
export interface SharedData {
  title?: string;
  text?: string;
  url?: string;
  files: { name: string; type: string; size: number; head: number[] }[];
}

/**
 * Gives the page a Web Share that takes image files, as phones have, recording each share in
 * `window.__shared` (read with `sharedData`) with every file's name, type, size and first bytes.
 */
export async function stubWebShare(page: Page): Promise<void> {
  // A string: this project type-checks specs without the DOM library.
  await page.addInitScript({
    content: `
      window.__shared = [];
      Object.defineProperty(navigator, 'canShare', {
        configurable: true,
        value: (data) => (data.files ?? []).every((file) => file.type.startsWith('image/')),
      });
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: async (data) => {
          const files = await Promise.all((data.files ?? []).map(async (file) => ({
            name: file.name,
            type: file.type,
            size: file.size,
            head: Array.from(new Uint8Array(await file.arrayBuffer()).slice(0, 3)),
          })));
          window.__shared.push({ title: data.title, text: data.text, url: data.url, files });
        },
      });`,
  });
}

/** The shares a page stubbed by `stubWebShare` has made so far. */
export function sharedData(page: Page): Promise<SharedData[]> {
  return page.evaluate<SharedData[]>('window.__shared');
}
