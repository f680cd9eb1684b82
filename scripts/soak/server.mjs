// The soak's server: the production build on a data folder that outlives it, so the soak can kill
// it with SIGKILL and start it again on the same files.
import { startBuiltServer } from '../lib/built-server.mjs';

export { assertBuilt, freePort } from '../lib/built-server.mjs';

/**
 * @param {{ dataDir: string, port: number, jwtSecret: string, databaseUrl?: string }} options
 */
export function startServer({ dataDir, port, jwtSecret, databaseUrl }) {
  return startBuiltServer({
    dataDir,
    port,
    quiet: true,
    env: {
      DATABASE_URL: databaseUrl ?? '',
      LOG_LEVEL: 'error',
      // The same secret across restarts: access tokens issued before a crash stay valid after it.
      JWT_SECRET: jwtSecret,
      // Each simulated user claims its own address, so per-address limits act per user.
      TRUST_PROXY: 'true',
    },
  });
}
