#!/usr/bin/env node
// `npm run bench`: uploads a 100 MB video to the production build and reports throughput and the
// server's resident memory before and during the upload. Uploads stream to disk, so the peak should
// stay far below the file's size. A measurement, not a test: it prints numbers and exits 0.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openAsBlob, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const MB = 1024 * 1024;
const SIZE = 100 * MB - 64 * 1024; // just under the 100 MB limit, multipart overhead included
const work = mkdtempSync(join(tmpdir(), 'pbshare-bench-'));
const dataDir = join(work, 'data');

const port = await new Promise((done) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address();
    probe.close(() => done(port));
  });
});
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_ORIGIN: base,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    JWT_SECRET: randomBytes(32).toString('hex'),
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

function rssMb() {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function api(path, init = {}) {
  const res = await fetch(base + path, init);
  return { status: res.status, body: await res.json() };
}

try {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  const account = { email: 'bench@example.com', password: 'bench-password', displayName: 'bench' };
  await api('/v1/auth/register', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  const outbox = join(dataDir, 'outbox');
  const eml = readFileSync(join(outbox, readdirSync(outbox)[0]), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
  const token = /verify\?token=([A-Za-z0-9_-]+)/.exec(eml)[1];
  await api(`/v1/auth/verify?token=${token}`);
  const login = await api('/v1/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  const auth = { authorization: `Bearer ${login.body.data.accessToken}` };

  // A real 29 s MP4 padded to 100 MB: the container still says 29 s, the bytes are all sent.
  const video = join(work, 'big.mp4');
  const head = readFileSync(join(root, 'apps/server/src/test/fixtures/v29.mp4'));
  writeFileSync(video, Buffer.concat([head, Buffer.alloc(SIZE - head.length)]));

  const baseline = rssMb();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb());
  }, 20);
  const form = new FormData();
  for (const [k, v] of Object.entries({ title: '5K', category: 'Running', value: '0:22:48' }))
    form.append(k, v);
  form.append('file', await openAsBlob(video, { type: 'video/mp4' }), 'big.mp4');
  const started = performance.now();
  const res = await fetch(`${base}/v1/pbs`, { method: 'POST', headers: auth, body: form });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssMb());
  const body = await res.json();

  console.log(
    `upload:     ${(SIZE / MB).toFixed(1)} MB video -> HTTP ${res.status} (${body.message})`,
  );
  console.log(`throughput: ${(SIZE / MB / seconds).toFixed(1)} MB/s (${seconds.toFixed(2)} s)`);
  console.log(
    `server RSS: ${baseline.toFixed(1)} MB before, ${peak.toFixed(1)} MB peak (+${(peak - baseline).toFixed(1)} MB)`,
  );
  if (res.status !== 201) process.exitCode = 1;
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(work, { recursive: true, force: true });
}
