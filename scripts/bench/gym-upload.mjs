#!/usr/bin/env node
// The gym case: a 30 s 4K60 clip of about 150 MB, as a phone records it, sent to the production
// build two ways, side by side:
// - over tus as it is, from a Node client: bytes sent, time to the saved PB, time until the
//   server has processed the video;
// - through the add-PB form in headless Chromium, which prepares (converts) the clip on the device
//   before its tus upload: time preparing, bytes the server received (its metric), time to the
//   saved PB (the form landing on /profile), time until processed.
// Next to the loopback times, what the bytes alone take on a 10 Mbit/s gym uplink.
// `--clips DIR` keeps the clip there (default: pbshare-bench-clips in the temp folder).
// `--before DIR` instead sends the clip as one multipart POST to DIR, a built checkout of the
// previous release, which had a 100 MB limit: it answers 413.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  openAsBlob,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import {
  BENCH_PASSWORD,
  MB,
  benchEmail,
  signedInAccount,
  startServer,
  watchRss,
} from './harness.mjs';
import { saveFromUpload, tusUpload } from './tus-client.mjs';

const CLIP_SECONDS = 30;
/** About 150 MB over 30 s: what a phone's 4K60 H.264 comes to (with sound). */
const VIDEO_BIT_RATE_MBIT = 42;
/** The uplink the modelled column assumes: a gym's crowded Wi-Fi or weak mobile signal. */
const GYM_UPLINK_BITS_PER_SECOND = 10e6;
/** A 4K60 rendition on two shared cores takes minutes; past this the bench gives up on it. */
const PROCESSING_TIMEOUT_MS = 20 * 60_000;
/** Preparing runs in software in headless Chromium: minutes for 30 s of 4K60. */
const PREPARING_TIMEOUT_MS = 20 * 60_000;
/** How long after Save the form has to show 'Preparing video…' before it counts as not doing so. */
const PREPARING_SHOWS_WITHIN_MS = 15_000;
const PB_FIELDS = { title: '5K Run', category: 'Running', value: '0:22:48' };
/**
 * Runs in the page: when the 'Preparing video…' line first shows and when it goes, by the page's
 * Date.now (the same clock as this process), and its last text. A string, since this file is not
 * linted for the browser.
 */
const WATCH_PREPARING = `
  const seen = { shownAt: 0, goneAt: 0, lastText: '' };
  window.__preparing = seen;
  new MutationObserver(() => {
    const line = document.querySelector('[data-testid="video-preparing"]');
    if (line) {
      seen.shownAt ||= Date.now();
      seen.lastText = line.textContent ?? '';
    } else if (seen.shownAt && !seen.goneAt) {
      seen.goneAt = Date.now();
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
`;

const option = (name) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const clipDir = resolve(option('--clips') ?? join(tmpdir(), 'pbshare-bench-clips'));
const before = option('--before');

const clip = await ensureClip(clipDir);
const clipBytes = statSync(clip).size;
console.log('## Gym uploads: a 30 s 4K60 clip');
console.log(`clip:    ${mb(clipBytes)} (${mbits(clipBytes)} Mbit/s), ${clip}`);

if (before) {
  await refusedBefore(resolve(before));
} else {
  await sideBySide();
}

/** The clip through tus as it is, then through the browser's form; one table. */
async function sideBySide() {
  const metricsToken = randomBytes(24).toString('hex');
  const server = await startServer({ env: { METRICS_TOKEN: metricsToken } });
  const received = () => uploadBytesReceived(server, metricsToken);
  console.log(`machine: ${load()}`);
  const rows = [];
  try {
    const auth = await signedInAccount(server, 'lifter');
    let bytesBefore = await received();
    const rss = watchRss(server.pid);
    const started = Date.now();
    const uploadId = await tusUpload(server, auth, clip);
    const uploadedAt = Date.now();
    const saved = await saveFromUpload(server, auth, uploadId, PB_FIELDS);
    const savedAt = Date.now();
    const peak = rss.peak();
    if (saved.status !== 201)
      throw new Error(`tus save: HTTP ${saved.status} ${saved.body.message}`);
    const tusBytes = (await received()) - bytesBefore;
    console.log(
      `\ntus, as recorded: ${mb(tusBytes)} received, last byte at ${secs(uploadedAt - started)}, ` +
        `PB saved at ${secs(savedAt - started)}; server RSS ${rss.baseline.toFixed(0)} MB, ` +
        `peak +${(peak - rss.baseline).toFixed(1)} MB`,
    );
    const tusProcessed = await untilProcessed(server, auth, saved.body.data.id);
    console.log(`  processed (${tusProcessed.status}) at ${secs(tusProcessed.at - started)}`);
    rows.push({
      way: 'tus, as recorded (Node client)',
      bytes: tusBytes,
      preparing: null,
      upload: (savedAt - started) / 1000,
      saved: (savedAt - started) / 1000,
      processed: (tusProcessed.at - started) / 1000,
      status: tusProcessed.status,
    });

    bytesBefore = await received();
    const browserRun = await throughTheForm(server, 'gymgoer');
    const viaTus = browserRun.uploadLength !== undefined;
    const browserBytes = viaTus ? (await received()) - bytesBefore : browserRun.formBytes;
    const browserAuth = { authorization: `Bearer ${browserRun.token}` };
    const browserProcessed = await untilProcessed(server, browserAuth, browserRun.pbId);
    const preparing =
      browserRun.shownAt && browserRun.goneAt
        ? (browserRun.goneAt - browserRun.shownAt) / 1000
        : null;
    const way = `browser, ${preparing === null ? 'as picked' : 'prepared on the device'}, ${viaTus ? 'tus' : 'multipart'}`;
    console.log(
      `\n${way}: ${mb(browserBytes)} received` +
        (viaTus
          ? ` (tus Upload-Length ${mb(browserRun.uploadLength)})`
          : ' (no tus upload: the file went in the POST /v1/pbs)') +
        `, preparing ${preparing === null ? 'never shown' : `${preparing.toFixed(1)} s (last seen: '${preparingLine(browserRun.lastText)}')`}` +
        `, PB saved at ${secs(browserRun.savedAt - browserRun.pickedAt)} and /profile at ` +
        `${secs(browserRun.profileAt - browserRun.pickedAt)} after the pick, ` +
        `processed (${browserProcessed.status}) at ${secs(browserProcessed.at - browserRun.pickedAt)}`,
    );
    rows.push({
      way,
      bytes: browserBytes,
      preparing,
      upload: (browserRun.savedAt - (browserRun.goneAt ?? browserRun.pickedAt)) / 1000,
      saved: (browserRun.profileAt - browserRun.pickedAt) / 1000,
      processed: (browserProcessed.at - browserRun.pickedAt) / 1000,
      status: browserProcessed.status,
    });
  } finally {
    await server.stop();
  }

  console.log(
    '\n| way | bytes received | preparing | upload + save (loopback) | to the saved PB | processed | the bytes at 10 Mbit/s |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const s = (v) => (v === null || v === undefined ? '–' : `${v.toFixed(1)} s`);
    console.log(
      `| ${r.way} | ${mb(r.bytes)} | ${s(r.preparing)} | ${s(r.upload)} | ${s(r.saved)} | ` +
        `${s(r.processed)}${r.status && r.status !== 'ready' ? ` (${r.status})` : ''} | ${s(atGymUplink(r.bytes))} |`,
    );
  }
  console.log(
    `\nAt the gym: preparing + the bytes at 10 Mbit/s = ` +
      rows
        .map((r) => `${r.way}: ${((r.preparing ?? 0) + atGymUplink(r.bytes)).toFixed(0)} s`)
        .join('; '),
  );
  console.log(`${load()} at the end`);
}

/**
 * Signs in through the sign-in form, fills the add-PB form as a runner would, picks the clip and
 * saves. Times come from the page's own clock (Date.now), watched by a MutationObserver, so a
 * busy page cannot make the bench miss the 'Preparing video…' line.
 */
async function throughTheForm(server, displayName) {
  await signedInAccount(server, displayName);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true });
  try {
    const context = await browser.newContext({ baseURL: server.base });
    const page = await context.newPage();
    await page.addInitScript({ content: WATCH_PREPARING });
    let uploadLength;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/v1/uploads') {
        uploadLength = Number(request.headers()['upload-length']);
      }
    });

    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Email' }).fill(benchEmail(displayName));
    await page.getByLabel('Password', { exact: true }).fill(BENCH_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(/\/profile$/);
    const token = await page.evaluate("localStorage.getItem('accessToken')");

    await page.goto('/add-pb');
    await page.getByRole('combobox', { name: 'Category' }).selectOption('Running');
    await page.getByLabel('Exercise name').fill(PB_FIELDS.title);
    await page.getByRole('textbox', { name: 'Minutes' }).fill('22');
    await page.getByRole('textbox', { name: 'Seconds' }).fill('48');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: /Upload a photo or video|Replace/ }).click();
    await (await chooser).setFiles(clip);
    const pickedAt = Date.now();
    await page
      .getByTestId('media-preview')
      .and(page.locator('[data-state="selected"]'))
      .waitFor({ timeout: 120_000 });

    // Timed as they happen, whatever the bench is waiting on at that moment.
    const saved = page
      .waitForResponse(
        (r) => new URL(r.url()).pathname === '/v1/pbs' && r.request().method() === 'POST',
        { timeout: PREPARING_TIMEOUT_MS },
      )
      .then((response) => ({ response, at: Date.now() }));
    const onProfile = page
      .waitForURL(/\/profile$/, { timeout: PREPARING_TIMEOUT_MS })
      .then(() => Date.now());
    saved.catch(() => undefined);
    onProfile.catch(() => undefined);
    // Save may wait while the clip is prepared.
    await page
      .getByRole('button', { name: 'Save Personal Best' })
      .click({ timeout: PREPARING_TIMEOUT_MS });
    const preparing = page.getByTestId('video-preparing');
    const shown = await preparing
      .waitFor({ timeout: PREPARING_SHOWS_WITHIN_MS })
      .then(() => true)
      .catch(() => false);
    if (shown) {
      // Minutes in software: say how far it got now and then.
      const progress = setInterval(() => {
        void page
          .evaluate('window.__preparing.lastText')
          .then((text) => console.log(`  ${preparingLine(text)}`))
          .catch(() => undefined);
      }, 30_000);
      try {
        await preparing.waitFor({ state: 'detached', timeout: PREPARING_TIMEOUT_MS });
      } finally {
        clearInterval(progress);
      }
    }
    const { response, at: savedAt } = await saved;
    const answer = await response.json();
    if (response.status() !== 201) {
      throw new Error(`the form's save: HTTP ${response.status()} ${answer.message}`);
    }
    // Without a tus upload the file went in this request: its size is what the server received.
    const formBytes = Number((await response.request().allHeaders())['content-length'] ?? 0);
    const profileAt = await onProfile;
    const seen = await page.evaluate('window.__preparing');
    return {
      token,
      pbId: answer.data.id,
      uploadLength,
      formBytes,
      pickedAt,
      shownAt: seen.shownAt || undefined,
      goneAt: seen.goneAt || undefined,
      lastText: seen.lastText,
      savedAt,
      profileAt,
    };
  } finally {
    await browser.close();
  }
}

/** Polls the owner's GET /v1/pbs/:id until its video is no longer 'processing'. */
async function untilProcessed(server, auth, id) {
  const deadline = Date.now() + PROCESSING_TIMEOUT_MS;
  for (;;) {
    const res = await fetch(`${server.base}/v1/pbs/${id}`, { headers: auth });
    const body = await res.json();
    if (!res.ok) throw new Error(`GET /v1/pbs/${id}: HTTP ${res.status} ${body.message}`);
    const status = body.data.media.status;
    if (status !== 'processing') return { at: Date.now(), status };
    if (Date.now() > deadline) return { at: Date.now(), status: 'still processing' };
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The server's count of resumable-upload bytes it stored, from GET /metrics. */
async function uploadBytesReceived(server, token) {
  const res = await fetch(`${server.base}/metrics`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`GET /metrics: HTTP ${res.status}`);
  return Number(/^pbshare_upload_bytes_received_total (\S+)$/m.exec(text)?.[1] ?? 0);
}

/** The previous release, started from its own build, and the clip as one multipart POST. */
async function refusedBefore(dir) {
  const { startBuiltServer } = await import(
    pathToFileURL(join(dir, 'scripts/lib/built-server.mjs')).href
  );
  const work = mkdtempSync(join(tmpdir(), 'pbshare-bench-before-'));
  const server = await startBuiltServer({ dataDir: join(work, 'data') });
  const withData = { ...server, dataDir: join(work, 'data') };
  try {
    const auth = await signedInAccount(withData, 'lifter');
    const form = new FormData();
    for (const [k, v] of Object.entries(PB_FIELDS)) form.append(k, v);
    form.append('file', await openAsBlob(clip, { type: 'video/mp4' }), 'gym-4k60.mp4');
    const rss = watchRss(server.pid);
    const started = performance.now();
    const res = await fetch(`${server.base}/v1/pbs`, { method: 'POST', headers: auth, body: form });
    const body = await res.json();
    const peak = rss.peak();
    console.log(
      `\nbefore (${dir}): one multipart POST /v1/pbs -> HTTP ${res.status} '${body.message}' ` +
        `after ${secs(performance.now() - started)}; server RSS +${(peak - rss.baseline).toFixed(1)} MB`,
    );
    if (res.status !== 413) process.exitCode = 1;
  } finally {
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

/** The clip, made once with ffmpeg's test pattern and kept in `dir` for the next run. */
async function ensureClip(dir) {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `gym-4k60-${VIDEO_BIT_RATE_MBIT}M.mp4`);
  if (existsSync(path)) return path;
  const rate = `${VIDEO_BIT_RATE_MBIT}M`;
  console.log(`making the clip once (minutes; not measured): ${path}`);
  // prettier-ignore
  await run('ffmpeg', [
    '-nostdin', '-hide_banner', '-v', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc2=size=3840x2160:rate=60',
    '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
    '-t', String(CLIP_SECONDS),
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p',
    '-b:v', rate, '-maxrate', rate, '-bufsize', `${VIDEO_BIT_RATE_MBIT * 2}M`,
    '-c:a', 'aac', '-b:a', '128k', '-ac', '2',
    '-movflags', '+faststart', `${path}.part.mp4`,
  ]);
  renameSync(`${path}.part.mp4`, path);
  return path;
}

function run(command, args) {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', fail);
    child.on('close', (code) =>
      code === 0 ? done(undefined) : fail(new Error(`${command} exited ${code}: ${stderr}`)),
    );
  });
}

/** The line's own words, without the Cancel button's that share its element. */
function preparingLine(text) {
  return /Preparing video… \d+%/.exec(text ?? '')?.[0] ?? text;
}

function atGymUplink(bytes) {
  return (bytes * 8) / GYM_UPLINK_BITS_PER_SECOND;
}

function mb(bytes) {
  return `${(bytes / MB).toFixed(1)} MB`;
}

function mbits(bytes) {
  return ((bytes * 8) / CLIP_SECONDS / 1e6).toFixed(1);
}

function secs(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

function load() {
  return `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;
}
