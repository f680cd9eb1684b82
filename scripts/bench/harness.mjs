// Shared by the benchmarks: start the production build on a free port with a throw-away DATA_DIR,
// create a signed-in account, and read a process's resident memory and CPU time.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, root, startBuiltServer } from '../lib/built-server.mjs';

export { freePort, root };
export const MB = 1024 * 1024;
/** Every bench account's password: a browser step signs in with it through the form. */
export const BENCH_PASSWORD = 'bench-password';

/**
 * The built server, as `npm start` runs it, on its own port and throw-away data folder. `env`
 * adds to its environment (DATABASE_URL for PostgreSQL).
 */
export async function startServer({ env = {} } = {}) {
  const work = mkdtempSync(join(tmpdir(), 'pbshare-bench-'));
  const dataDir = join(work, 'data');
  const server = await startBuiltServer({ dataDir, env });
  return {
    base: server.base,
    dataDir,
    work,
    pid: server.pid,
    async stop() {
      await server.stop();
      rmSync(work, { recursive: true, force: true });
    },
  };
}

async function json(url, init) {
  const res = await fetch(url, init);
  return { status: res.status, body: await res.json() };
}

export function benchEmail(displayName) {
  return `${displayName.toLowerCase()}@example.com`;
}

/**
 * The first mail to `email` in the server's outbox, decoded from quoted-printable. Mails leave
 * from a background job, so it is waited for (10 s at most).
 */
async function mailTo(server, email) {
  const outbox = join(server.dataDir, 'outbox');
  for (let waited = 0; waited < 10_000; waited += 100) {
    const mail = (existsSync(outbox) ? readdirSync(outbox) : [])
      .map((name) =>
        readFileSync(join(outbox, name), 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '='),
      )
      .find((text) => text.includes(email));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${email} in ${outbox} after 10 s`);
}

/** Registers, verifies (through the outbox) and signs in; returns the Authorization header. */
export async function signedInAccount(server, displayName) {
  const account = {
    email: benchEmail(displayName),
    password: BENCH_PASSWORD,
    displayName,
  };
  const post = (path, body) =>
    json(`${server.base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await post('/v1/auth/register', account);
  const mail = await mailTo(server, account.email);
  const token = /verify\?token=([A-Za-z0-9_-]+)/.exec(mail)?.[1];
  await json(`${server.base}/v1/auth/verify?token=${token}`);
  const login = await post('/v1/auth/login', { email: account.email, password: account.password });
  return { authorization: `Bearer ${login.body.data.accessToken}` };
}

export function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** CPU seconds a process has used (Linux), or undefined where /proc is not there. */
export function cpuSeconds(pid) {
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return undefined;
  const fields = readFileSync(stat, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Samples a process's resident memory every 20 ms from now: `peak()` stops and gives the highest
 * seen, so a short spike during an upload is not missed.
 */
export function watchRss(pid) {
  const baseline = rssMb(pid);
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 20);
  return {
    baseline,
    peak() {
      clearInterval(sampler);
      return Math.max(peak, rssMb(pid));
    },
  };
}
