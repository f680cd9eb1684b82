// The fleet the fleet test runs against: two instances of the production build sharing one
// PostgreSQL database, one S3 bucket and one Redis, each with its own DATA_DIR, behind a
// round-robin proxy. A small control server lets the specs (in Playwright's worker processes)
// drain, restart and inspect instances, and hand in the figures the closing report prints.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';

import { assertBuilt, freePort, startBuiltServer } from '../lib/built-server.mjs';
import { createFleetDatabase } from './database.mjs';
import { startProxy } from './proxy.mjs';

/** The Redis the integration tests use (TEST_REDIS_URL), under a key prefix of the run's own. */
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * @typedef {object} BucketSettings as the app's S3_* variables take them
 * @property {string} bucket
 * @property {string} region
 * @property {string} endpoint
 * @property {string} accessKeyId
 * @property {string} secretAccessKey
 */

/**
 * Which instances run the background jobs (video processing) in their web process. A runs none
 * (JOBS_IN_PROCESS=false, as a web process beside `npm run worker` does), so every job an upload
 * through A makes is done by B's runner, from the shared outbox through Redis.
 * @type {Record<string, boolean>}
 */
export const JOBS_IN_PROCESS = { a: false, b: true };

/**
 * The configuration every instance gets, apart from PORT, HOST, DATA_DIR and JOBS_IN_PROCESS:
 * exactly what a deployment of several processes sets (see README, Scaling out).
 * @param {{ databaseUrl: string, publicOrigin: string, bucket: BucketSettings, redisKeyPrefix: string }} options
 */
export function fleetEnvironment({ databaseUrl, publicOrigin, bucket, redisKeyPrefix }) {
  return {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    // One secret for all, so a token signed by one instance verifies on the other.
    JWT_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_ORIGIN: publicOrigin,
    TRUST_PROXY: 'true',
    S3_BUCKET: bucket.bucket,
    S3_REGION: bucket.region,
    S3_ENDPOINT: bucket.endpoint,
    S3_ACCESS_KEY_ID: bucket.accessKeyId,
    S3_SECRET_ACCESS_KEY: bucket.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    REDIS_URL,
    REDIS_KEY_PREFIX: redisKeyPrefix,
    // The demo checkout on purpose (the fleet buys Pro without Stripe).
    PAYMENTS_DEMO: 'allow',
    LOG_LEVEL: 'warn',
    // GET /metrics, for the check that B's runner did A's jobs.
    METRICS_TOKEN: randomBytes(24).toString('hex'),
  };
}

/**
 * One instance's environment: the fleet's, with its share of the background jobs.
 * @param {Record<string, string>} env the fleet's (fleetEnvironment)
 * @param {string} name
 */
export function instanceEnvironment(env, name) {
  return { ...env, JOBS_IN_PROCESS: String(JOBS_IN_PROCESS[name] ?? true) };
}

/**
 * @param {{ bucket: BucketSettings, instances?: string[] }} options
 */
export async function startFleet({ bucket, instances: names = ['a', 'b'] }) {
  assertBuilt('test:fleet');
  const startedAt = Date.now();
  /** What to undo at the end (or when starting fails half-way), last made first. */
  const undo = [];
  const undoAll = async () => {
    for (const step of undo.reverse()) await step();
  };
  try {
    const database = await createFleetDatabase();
    undo.push(() => database.drop());
    const redisKeyPrefix = `pbshare-fleet:${randomBytes(6).toString('hex')}:`;
    undo.push(() => forgetRedisKeys(redisKeyPrefix));
    const proxyPort = await freePort();
    const env = fleetEnvironment({
      databaseUrl: database.url,
      publicOrigin: `http://127.0.0.1:${proxyPort}`,
      bucket,
      redisKeyPrefix,
    });

    // Started together on the empty database, so both run the migrations at once: Kysely's
    // migrator holds a PostgreSQL advisory lock while it migrates; the other then finds nothing
    // left to do.
    const starts = await Promise.allSettled(
      names.map(async (name) => {
        const dataDir = mkdtempSync(join(tmpdir(), `pbshare-fleet-${name}-`));
        undo.push(() => rmSync(dataDir, { recursive: true, force: true }));
        const instanceEnv = instanceEnvironment(env, name);
        const server = await startBuiltServer({ dataDir, env: instanceEnv });
        const instance = {
          name,
          dataDir,
          env: instanceEnv,
          port: Number(new URL(server.base).port),
          server,
        };
        // Whichever process it is at the end: a restart replaces `server`.
        undo.push(() => instance.server.stop());
        return Object.assign(instance, { restarts: 0 });
      }),
    );
    // Waits for both, so a failed start leaves no other one running unseen.
    const instances = starts.map((start) => {
      if (start.status === 'rejected') throw start.reason;
      return start.value;
    });
    const proxy = await startProxy({
      port: proxyPort,
      upstreams: instances.map(({ name, server }) => ({ name, base: server.base })),
    });
    undo.push(() => proxy.close());
    /** @type {Record<string, unknown>} */
    const figures = {};
    const control = await startControl({ instances, proxy, figures });
    undo.push(() => control.close());

    return {
      /** What the specs read (Playwright passes the runner's environment on to its workers). */
      testEnvironment: {
        E2E_BASE_URL: proxy.base,
        E2E_OUTBOX_DIRS: instances.map(({ dataDir }) => join(dataDir, 'outbox')).join(','),
        FLEET_CONTROL_URL: control.base,
        FLEET_METRICS_TOKEN: env.METRICS_TOKEN,
        FLEET_INSTANCES: JSON.stringify(
          instances.map(({ name, server, dataDir, env: { JOBS_IN_PROCESS } }) => ({
            name,
            base: server.base,
            dataDir,
            jobsInProcess: JOBS_IN_PROCESS === 'true',
          })),
        ),
      },
      /** Prints the run's figures, then stops everything and removes what the run made. */
      async stop() {
        const report = {
          seconds: Math.round((Date.now() - startedAt) / 100) / 10,
          proxy: proxy.stats(),
          restarts: Object.fromEntries(instances.map(({ name, restarts }) => [name, restarts])),
          figures,
        };
        await undoAll();
        printReport(report);
      },
    };
  } catch (err) {
    await undoAll().catch(() => undefined);
    throw err;
  }
}

/**
 * Control over the fleet for the specs, on its own loopback port:
 * GET /instances, POST /instances/{name}/drain, POST /instances/{name}/restart,
 * POST /figures/{topic} (JSON).
 */
async function startControl({ instances, proxy, figures }) {
  const server = createServer((req, res) => {
    const answer = (status, body) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const handle = async () => {
      const [, resource, name, action] = (req.url ?? '').split('/');
      if (req.method === 'GET' && resource === 'instances') {
        return answer(
          200,
          await Promise.all(
            instances.map(async (instance) => ({
              name: instance.name,
              base: instance.server.base,
              pid: instance.server.pid,
              exited: await Promise.race([instance.server.exited, Promise.resolve(null)]),
            })),
          ),
        );
      }
      if (req.method === 'GET' && resource === 'proxy') return answer(200, proxy.stats());
      if (req.method === 'POST' && resource === 'figures' && name) {
        let body = '';
        for await (const chunk of req) body += chunk;
        figures[decodeURIComponent(name)] = JSON.parse(body);
        return answer(200, {});
      }
      const instance = instances.find((i) => i.name === name);
      if (req.method === 'POST' && resource === 'instances' && instance) {
        if (action === 'drain') {
          await proxy.drain(instance.name);
          return answer(200, {});
        }
        if (action === 'restart') {
          // Only an instance that has exited: the port must be free again.
          await instance.server.exited;
          instance.server = await startBuiltServer({
            dataDir: instance.dataDir,
            port: instance.port,
            env: instance.env,
          });
          instance.restarts++;
          proxy.enable(instance.name);
          return answer(200, { pid: instance.server.pid });
        }
      }
      return answer(404, { error: `no such control: ${req.method} ${req.url}` });
    };
    handle().catch((err) => answer(500, { error: String(err) }));
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', () => done(undefined)));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('control is not listening');
  return {
    base: `http://127.0.0.1:${address.port}`,
    close: () => new Promise((done) => server.close(() => done(undefined))),
  };
}

async function forgetRedisKeys(prefix) {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [nextCursor, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = nextCursor;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

function printReport({ seconds, proxy, restarts, figures }) {
  console.log('\nFleet figures');
  for (const { name, requests, statuses } of proxy.instances) {
    const byClass = Object.entries(statuses)
      .sort()
      .map(([statusClass, count]) => `${statusClass} ${count}`)
      .join(', ');
    console.log(
      `  instance ${name}: ${requests} requests through the proxy (${byClass || 'none'}), restarted ${restarts[name] ?? 0}x`,
    );
  }
  console.log(
    `  proxy: ${proxy.retried} sent on after a refused connection, ${proxy.unavailable} with no instance to take them`,
  );
  for (const [topic, value] of Object.entries(figures)) {
    console.log(`  ${topic}: ${JSON.stringify(value)}`);
  }
  console.log(`  total time: ${seconds} s (setup to teardown)`);
}
