#!/usr/bin/env node
// Video processing as the server does it, on 30 s clips as phones record them: HEVC 1080p at
// about 12 Mbit/s and HEVC 4K at about 40 Mbit/s, both with AAC sound. Times the poster (made
// during the upload) and the rendition (the background job) with the BUILT VideoProcessor, and
// compares what a visitor downloads per video now (the rendition) with before (the upload itself).
// `--clips DIR` keeps the generated clips in DIR and reuses them on the next run.
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MB, root } from './harness.mjs';

const CLIP_SECONDS = 30;
/** What a visitor may download for one 30 s video (MB = 2^20 bytes, as the other benches). */
const RENDITION_BUDGET_BYTES = 12 * MB;

/** Phone-like sources: a moving picture with temporal noise, so the bit rate is a real one. */
const CLIPS = [
  { name: '1080p', width: 1920, height: 1080, videoBitRate: '12M' },
  { name: '4K', width: 3840, height: 2160, videoBitRate: '40M' },
];

const dist = join(root, 'apps/server/dist/media/video');
if (!existsSync(join(dist, 'video-processor.js'))) {
  console.error(`bench: ${dist}/video-processor.js is missing; run \`npm run build\` first`);
  process.exit(1);
}
const { VideoProcessor } = await import(pathToFileURL(join(dist, 'video-processor.js')).href);
const { requireFfmpeg, ffmpegVersion } = await import(
  pathToFileURL(join(dist, 'ffmpeg-binaries.js')).href
);

const clipsArg = process.argv.indexOf('--clips');
const keptClips = clipsArg > 0 ? process.argv[clipsArg + 1] : undefined;
const work = mkdtempSync(join(tmpdir(), 'pbshare-bench-video-'));
const clipDir = keptClips ?? join(work, 'clips');
mkdirSync(clipDir, { recursive: true });

const binaries = requireFfmpeg({ ffmpeg: undefined, ffprobe: undefined });
const videos = new VideoProcessor(binaries, join(work, 'tmp'));

console.log('## Video processing (30 s phone clips)');
console.log(`machine: ${availableParallelism()} cores, ${cpuModel()}, ${load()}`);
console.log(`ffmpeg:  ${await ffmpegVersion(binaries)} (${binaries.source}, ${binaries.ffmpeg})`);

const rows = [];
try {
  for (const clip of CLIPS) {
    const path = join(clipDir, `phone-${clip.name}.mp4`);
    let generateSeconds = null;
    if (!existsSync(path)) {
      const started = performance.now();
      await run(binaries.ffmpeg, phoneClipArgs(clip, `${path}.part.mp4`));
      renameSync(`${path}.part.mp4`, path);
      generateSeconds = (performance.now() - started) / 1000;
    }
    const sourceBytes = statSync(path).size;
    console.log(
      `\n${clip.name}: ${mb(sourceBytes)} source (${mbits(sourceBytes)} Mbit/s overall), ` +
        (generateSeconds === null
          ? `reused from ${clipDir}`
          : `generated in ${generateSeconds.toFixed(1)} s (not part of the measurement)`),
    );

    let started = performance.now();
    const poster = await videos.poster(path);
    const posterSeconds = (performance.now() - started) / 1000;
    console.log(
      `  poster (upload):  ${posterSeconds.toFixed(2)} s, ${poster.width}x${poster.height}, ` +
        `${(poster.full.length / 1024).toFixed(0)} KB full + ${(poster.card.length / 1024).toFixed(0)} KB card`,
    );

    started = performance.now();
    const cpuBefore = childCpuSeconds();
    const made = await videos.rendition(path);
    const renditionSeconds = (performance.now() - started) / 1000;
    const renditionCpu = childCpuSeconds() - cpuBefore;
    await rm(made.path, { force: true });
    const plan = `${made.plan.mode} ${made.plan.width}x${made.plan.height}`;
    console.log(
      `  rendition (job):  ${renditionSeconds.toFixed(2)} s = ${ratio(renditionSeconds)} real time ` +
        `(${renditionCpu.toFixed(1)} CPU s), ${plan}, ${mb(made.bytes)} (${mbits(made.bytes)} Mbit/s)`,
    );
    rows.push({
      clip: clip.name,
      generateSeconds,
      posterSeconds,
      renditionSeconds,
      renditionCpu,
      plan,
      sourceBytes,
      renditionBytes: made.bytes,
    });
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

console.log(
  '\n| clip | served | poster (upload) | rendition (job) | × real time | ffmpeg CPU | download per 30 s video | ≤ 12 MB |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  const fits = (bytes) => (bytes <= RENDITION_BUDGET_BYTES ? 'yes' : 'no');
  console.log(
    `| ${r.clip} HEVC | before: the upload as it is | – | – | – | – | ${mb(r.sourceBytes)} | ${fits(r.sourceBytes)} |`,
  );
  console.log(
    `| ${r.clip} HEVC | after: ${r.plan} | ${r.posterSeconds.toFixed(2)} s | ` +
      `${r.renditionSeconds.toFixed(1)} s | ${ratio(r.renditionSeconds)} | ${r.renditionCpu.toFixed(1)} s | ` +
      `${mb(r.renditionBytes)} | ` +
      `${fits(r.renditionBytes)} |`,
  );
}
console.log(`\n${load()} at the end`);
const generated = rows.filter((r) => r.generateSeconds !== null);
if (generated.length > 0) {
  console.log(
    `\n(clips generated in ${generated.map((r) => `${r.clip} ${r.generateSeconds.toFixed(1)} s`).join(', ')}; not measured)`,
  );
}
const hd = rows.find((r) => r.clip === '1080p');
if (hd) {
  console.log(
    `1080p goal, faster than real time: ${hd.renditionSeconds <= CLIP_SECONDS ? 'met' : 'NOT met'} ` +
      `(${ratio(hd.renditionSeconds)}; reported, not enforced)`,
  );
}
const over = rows.filter((r) => r.renditionBytes > RENDITION_BUDGET_BYTES);
if (over.length > 0) {
  console.error(`renditions over 12 MB: ${over.map((r) => r.clip).join(', ')}`);
  process.exitCode = 1;
}

/**
 * ffmpeg arguments for a clip as a phone records it: HEVC Main 8-bit (tagged hvc1, as phones and
 * Safari want it) at a steady bit rate, 30 fps, AAC stereo at 48 kHz, in MP4. x265 ultrafast keeps
 * the generation short; the bit rate, not the preset, is what the processing then faces.
 */
function phoneClipArgs({ width, height, videoBitRate }, output) {
  const rate = Number.parseInt(videoBitRate, 10);
  return [
    ...['-nostdin', '-hide_banner', '-v', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=30:duration=${CLIP_SECONDS}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${CLIP_SECONDS}`],
    ...['-vf', 'noise=alls=20:allf=t+u', '-pix_fmt', 'yuv420p'],
    ...['-c:v', 'libx265', '-preset', 'ultrafast', '-tag:v', 'hvc1'],
    ...['-b:v', videoBitRate, '-maxrate', videoBitRate, '-bufsize', `${rate * 2}M`],
    ...['-x265-params', 'log-level=error'],
    ...['-c:a', 'aac', '-b:a', '128k', '-ac', '2'],
    ...['-movflags', '+faststart', output],
  ];
}

function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(undefined) : reject(new Error(`${command} exited ${code}: ${stderr}`)),
    );
  });
}

function cpuModel() {
  try {
    const info = readFileSync('/proc/cpuinfo', 'utf8');
    return /^model name\s*:\s*(.+)$/m.exec(info)?.[1] ?? 'unknown CPU';
  } catch {
    return 'unknown CPU';
  }
}

/**
 * CPU seconds used so far by this process's finished children (ffprobe, ffmpeg): how much work
 * the processing is, whatever else the machine does. Linux only; 0 elsewhere.
 */
function childCpuSeconds() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return 0;
  }
}

/** Other work on the machine skews the timings: printed at the start and the end. */
function load() {
  return `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;
}

function mb(bytes) {
  return `${(bytes / MB).toFixed(1)} MB`;
}

function mbits(bytes) {
  return ((bytes * 8) / CLIP_SECONDS / 1e6).toFixed(1);
}

function ratio(seconds) {
  return `${(CLIP_SECONDS / seconds).toFixed(2)}x`;
}
