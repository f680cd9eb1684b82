// The production build (apps/server/dist/main.js) started as `npm start` serves it, on a port and
// data folder of the caller's choosing: one way to start it for the end-to-end tests, the bench
// and the soak, so they all exercise the same thing.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '../..');
const serverEntry = join(root, 'apps/server/dist/main.js');

/** Stops the caller with a clear message when `npm run build` has not been run. */
export function assertBuilt(tool) {
  if (!existsSync(serverEntry)) {
    console.error(`${tool}: ${serverEntry} is missing; run \`npm run build\` first`);
    process.exit(1);
  }
}

/** @returns {Promise<number>} a port nothing listens on right now */
export function freePort() {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? done(address.port) : fail()));
    });
  });
}

/**
 * Polls `url` until it answers 2xx; fails at once if the process exits, or after `timeoutMs`.
 * @param {string} url
 * @param {() => number | null} [exitCode]
 * @param {number} [timeoutMs]
 */
async function waitUntilReady(url, exitCode = () => null, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const code = exitCode();
    if (code !== null)
      throw new Error(`the server exited with code ${code} before ${url} was ready`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} was not ready within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * @typedef {object} BuiltServer
 * @property {string} base the server's origin, also its PUBLIC_ORIGIN
 * @property {number | undefined} pid
 * @property {Promise<{ code: number | null, signal: string | null }>} exited resolves when the
 *   process ends, however it was stopped
 * @property {() => Promise<unknown>} kill SIGKILL: no shutdown hook runs, nothing is flushed
 * @property {() => Promise<unknown>} stop SIGTERM: the graceful shutdown
 */

/**
 * Starts the build in production mode on 127.0.0.1 and resolves once `/readyz` answers. `env`
 * adds to or overrides the defaults (SQLite under `dataDir`, a random JWT_SECRET, the demo
 * checkout allowed, since production refuses it otherwise).
 * @param {{ dataDir: string, port?: number, env?: Record<string, string>, quiet?: boolean }} options
 * @returns {Promise<BuiltServer>}
 */
export async function startBuiltServer({ dataDir, port, env = {}, quiet = false }) {
  const listenOn = port ?? (await freePort());
  const base = `http://127.0.0.1:${listenOn}`;
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(listenOn),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_ORIGIN: base,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      JWT_SECRET: randomBytes(32).toString('hex'),
      PAYMENTS_DEMO: 'allow',
      ...env,
    },
    stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
  });
  const exited = new Promise((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  );
  try {
    await waitUntilReady(`${base}/readyz`, () => child.exitCode);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return {
    base,
    pid: child.pid,
    exited,
    kill() {
      child.kill('SIGKILL');
      return exited;
    },
    stop() {
      child.kill('SIGTERM');
      return exited;
    },
  };
}
