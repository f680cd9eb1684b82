import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { startBuiltServer } from '../../scripts/lib/built-server.mjs';
import { startStripeServer } from './stripe-server.js';

/**
 * Starts the production build with a throw-away DATA_DIR, exactly as `npm start` would serve it,
 * and hands its URL to the tests through E2E_BASE_URL; a second copy configured for Stripe shares
 * the same DATA_DIR (see stripe-server.ts).
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pbshare-e2e-'));
  const server = await startBuiltServer({
    dataDir,
    env: {
      // Each test claims its own client address (see fixtures.ts), so the per-address rate limits
      // meant for real traffic do not trip over a suite that signs up many accounts from one host.
      TRUST_PROXY: 'true',
    },
  });
  process.env.E2E_BASE_URL = server.base;
  process.env.E2E_DATA_DIR = dataDir;
  const stripeServer = await startStripeServer(dataDir);

  return async () => {
    await stripeServer.stop();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
