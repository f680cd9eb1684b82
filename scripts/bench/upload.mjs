#!/usr/bin/env node
// Uploads a video at the size limit (VIDEO_MAX_BYTES of the built shared package) to the production
// build two ways: one multipart POST /v1/pbs, and tus (/v1/uploads in 8 MiB chunks) followed by
// the PB saved from the upload's id. Reports each one's throughput and the server's resident
// memory before and at its peak: both stream to disk, so the peak should stay far below the file.
import { existsSync, openAsBlob, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MB, root, signedInAccount, startServer, watchRss } from './harness.mjs';
import { TUS_CHUNK_BYTES, saveFromUpload, tusUpload } from './tus-client.mjs';

const sharedDist = join(root, 'packages/shared/dist/index.js');
if (!existsSync(sharedDist)) {
  console.error(`bench: ${sharedDist} is missing; run \`npm run build\` first`);
  process.exit(1);
}
const { VIDEO_MAX_BYTES } = await import(pathToFileURL(sharedDist).href);
// Just under the limit, multipart overhead included.
const SIZE = VIDEO_MAX_BYTES - 64 * 1024;
const FIELDS = { title: '5K', category: 'Running', value: '0:22:48' };

const server = await startServer();
try {
  // A real 29 s MP4 padded with zeros: the container still says 29 s, every byte is sent.
  const video = join(server.work, 'big.mp4');
  writeFileSync(video, readFileSync(join(root, 'apps/server/src/test/fixtures/v29.mp4')));
  truncateSync(video, SIZE);
  console.log(`## Upload of a ${VIDEO_MAX_BYTES / MB} MB video (${mb(SIZE)}, the limit)`);

  // Each way on an account of its own, so the first upload's bytes never count against the quota.
  const multipartAuth = await signedInAccount(server, 'uploader');
  let rss = watchRss(server.pid);
  const form = new FormData();
  for (const [k, v] of Object.entries(FIELDS)) form.append(k, v);
  form.append('file', await openAsBlob(video, { type: 'video/mp4' }), 'big.mp4');
  let started = performance.now();
  const res = await fetch(`${server.base}/v1/pbs`, {
    method: 'POST',
    headers: multipartAuth,
    body: form,
  });
  const body = await res.json();
  const multipartSeconds = seconds(started);
  const multipartPeak = rss.peak();

  console.log(`\nmultipart:  one POST /v1/pbs -> HTTP ${res.status} (${body.message})`);
  console.log(`throughput: ${rate(SIZE, multipartSeconds)}`);
  console.log(`server RSS: ${memory(rss.baseline, multipartPeak)}`);

  const tusAuth = await signedInAccount(server, 'resumer');
  rss = watchRss(server.pid);
  started = performance.now();
  const uploadId = await tusUpload(server, tusAuth, video);
  const tusSeconds = seconds(started);
  const saved = await saveFromUpload(server, tusAuth, uploadId, FIELDS);
  const savedSeconds = seconds(started);
  const tusPeak = rss.peak();

  const patches = Math.ceil(SIZE / TUS_CHUNK_BYTES);
  console.log(
    `\ntus:        POST /v1/uploads, ${patches} PATCHes of ${TUS_CHUNK_BYTES / MB} MiB, ` +
      `then POST /v1/pbs with uploadId -> HTTP ${saved.status} (${saved.body.message})`,
  );
  console.log(`throughput: ${rate(SIZE, tusSeconds)} to the last byte`);
  console.log(
    `saved PB:   ${savedSeconds.toFixed(2)} s from the first byte ` +
      `(${(savedSeconds - tusSeconds).toFixed(2)} s to save it from the upload)`,
  );
  console.log(`server RSS: ${memory(rss.baseline, tusPeak)}`);

  if (res.status !== 201 || saved.status !== 201) process.exitCode = 1;
} finally {
  await server.stop();
}

function seconds(since) {
  return (performance.now() - since) / 1000;
}

function mb(bytes) {
  return `${(bytes / MB).toFixed(1)} MB`;
}

function rate(bytes, secs) {
  return `${(bytes / MB / secs).toFixed(1)} MB/s (${mb(bytes)} in ${secs.toFixed(2)} s)`;
}

function memory(before, peak) {
  return `${before.toFixed(1)} MB before, ${peak.toFixed(1)} MB peak (+${(peak - before).toFixed(1)} MB)`;
}
