import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * Starts the production build on a free port with a throw-away DATA_DIR, exactly as `npm start`
 * would serve it, and hands its URL to the tests through E2E_BASE_URL.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'pbshare-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const serverEntry = resolve(import.meta.dirname, '../../apps/server/dist/main.js');

  const server = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_ORIGIN: baseUrl,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      JWT_SECRET: randomBytes(32).toString('hex'),
      // Each test claims its own client address (see fixtures.ts), so the per-address rate limits
      // meant for real traffic do not trip over a suite that signs up many accounts from one host.
      TRUST_PROXY: 'true',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });

  await waitUntilReady(`${baseUrl}/readyz`, () => server.exitCode);
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATA_DIR = dataDir;

  return async () => {
    const exited = new Promise((done) => server.once('exit', done));
    server.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') done(address.port);
        else fail(new Error('could not find a free port'));
      });
    });
  });
}

async function waitUntilReady(url: string, exitCode: () => number | null): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const code = exitCode();
    if (code !== null) throw new Error(`server exited with code ${code}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server at ${url} was not ready within 30 s; run \`npm run build\` first`);
}
