// Shared by the benchmarks: start the production build on a free port with a throw-away DATA_DIR,
// create a signed-in account, and read a process's resident memory.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '../..');
export const MB = 1024 * 1024;

export function freePort() {
  return new Promise((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });
}

export async function waitForReady(url) {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} never became ready`);
}

/** The built server, as `npm start` runs it, on its own port and data folder. */
export async function startServer() {
  const work = mkdtempSync(join(tmpdir(), 'pbshare-bench-'));
  const dataDir = join(work, 'data');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
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
  await waitForReady(`${base}/readyz`);
  return {
    base,
    dataDir,
    work,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(work, { recursive: true, force: true });
    },
  };
}

async function json(url, init) {
  const res = await fetch(url, init);
  return { status: res.status, body: await res.json() };
}

/** Registers, verifies (through the outbox) and signs in; returns the Authorization header. */
export async function signedInAccount(server, displayName) {
  const account = {
    email: `${displayName.toLowerCase()}@example.com`,
    password: 'bench-password',
    displayName,
  };
  const post = (path, body) =>
    json(`${server.base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await post('/v1/auth/register', account);
  const outbox = join(server.dataDir, 'outbox');
  const mail = readdirSync(outbox)
    .map((name) =>
      readFileSync(join(outbox, name), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    )
    .find((text) => text.includes(account.email));
  const token = /verify\?token=([A-Za-z0-9_-]+)/.exec(mail ?? '')?.[1];
  await json(`${server.base}/v1/auth/verify?token=${token}`);
  const login = await post('/v1/auth/login', { email: account.email, password: account.password });
  return { authorization: `Bearer ${login.body.data.accessToken}` };
}

export function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}
