#!/usr/bin/env node
// Uploads a 100 MB video to the production build and reports throughput and the server's resident
// memory before and during the upload. Uploads stream to disk, so the peak should stay far below
// the file's size.
import { openAsBlob, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MB, root, rssMb, signedInAccount, startServer } from './harness.mjs';

const SIZE = 100 * MB - 64 * 1024; // just under the 100 MB limit, multipart overhead included

const server = await startServer();
try {
  const auth = await signedInAccount(server, 'uploader');
  // A real 29 s MP4 padded to 100 MB: the container still says 29 s, every byte is sent.
  const video = join(server.work, 'big.mp4');
  const head = readFileSync(join(root, 'apps/server/src/test/fixtures/v29.mp4'));
  writeFileSync(video, Buffer.concat([head, Buffer.alloc(SIZE - head.length)]));

  const baseline = rssMb(server.pid);
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(server.pid));
  }, 20);
  const form = new FormData();
  for (const [k, v] of Object.entries({ title: '5K', category: 'Running', value: '0:22:48' }))
    form.append(k, v);
  form.append('file', await openAsBlob(video, { type: 'video/mp4' }), 'big.mp4');
  const started = performance.now();
  const res = await fetch(`${server.base}/v1/pbs`, { method: 'POST', headers: auth, body: form });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(server.pid));
  const body = await res.json();

  console.log('## Upload of a 100 MB video');
  console.log(
    `upload:     ${(SIZE / MB).toFixed(1)} MB video -> HTTP ${res.status} (${body.message})`,
  );
  console.log(`throughput: ${(SIZE / MB / seconds).toFixed(1)} MB/s (${seconds.toFixed(2)} s)`);
  console.log(
    `server RSS: ${baseline.toFixed(1)} MB before, ${peak.toFixed(1)} MB peak (+${(peak - baseline).toFixed(1)} MB)`,
  );
  if (res.status !== 201) process.exitCode = 1;
} finally {
  await server.stop();
}
