import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import type { StorageConfig } from './storage/create-storage.js';

/**
 * Every setting the server reads, validated once at start-up. A bad value stops the process with a
 * message naming each offending variable, instead of failing later in some request.
 */
const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const wholeNumber = (fallback: number, min = 0) =>
  z.coerce
    .number({ error: `must be a whole number of at least ${min}` })
    .int(`must be a whole number of at least ${min}`)
    .min(min, `must be a whole number of at least ${min}`)
    .default(fallback);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ error: 'must be a whole number between 0 and 65535' })
    .int('must be a whole number between 0 and 65535')
    .min(0, 'must be a whole number between 0 and 65535')
    .max(65535, 'must be a whole number between 0 and 65535')
    .default(3000),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_ORIGIN: z.preprocess(
    emptyAsUndefined,
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s) origin such as https://pbshare.app' })
      .optional(),
  ),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL (leave it unset for SQLite)')
      .optional(),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SUPPORT_EMAIL: z.email('must be an e-mail address').default('support@pbshare.app'),
  PRIVACY_EMAIL: z.email('must be an e-mail address').default('privacy@pbshare.app'),
  SHUTDOWN_TIMEOUT_MS: wholeNumber(10_000),
  // Timeouts: see parseTimeouts and README's configuration table.
  REQUEST_TIMEOUT_MS: wholeNumber(20 * 60_000),
  HEADERS_TIMEOUT_MS: wholeNumber(15_000, 1),
  KEEP_ALIVE_TIMEOUT_MS: wholeNumber(72_000, 1),
  SOCKET_IDLE_TIMEOUT_MS: wholeNumber(120_000),
  BODY_STALL_WINDOW_MS: wholeNumber(30_000),
  BODY_STALL_MIN_BYTES: wholeNumber(8 * 1024),
  JWT_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(32, 'must be at least 32 characters of random text').optional(),
  ),
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.string().min(3).default('PBShare <no-reply@pbshare.app>'),
  TRUST_PROXY: z.preprocess(emptyAsUndefined, z.string().optional()),
  STRIPE_SECRET_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_live_…, sk_test_… or rk_…)')
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^whsec_/, 'must be a webhook signing secret (whsec_…)')
      .optional(),
  ),
  STRIPE_API_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  ),
  STRIPE_PRICE_ONE_YEAR: z.preprocess(emptyAsUndefined, z.string().startsWith('price_').optional()),
  STRIPE_PRICE_LIFETIME: z.preprocess(emptyAsUndefined, z.string().startsWith('price_').optional()),
  PAYMENTS_DEMO: z.preprocess(emptyAsUndefined, z.literal('allow').optional()),
  S3_BUCKET: z.preprocess(emptyAsUndefined, z.string().min(3).optional()),
  S3_REGION: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  S3_ENDPOINT: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  ),
  S3_ACCESS_KEY_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_FORCE_PATH_STYLE: z.preprocess(
    emptyAsUndefined,
    z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  ),
  REDIS_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional(),
  ),
  REDIS_KEY_PREFIX: z.string().min(1).default('pbshare:'),
  MEDIA_PUBLIC_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  ),
  JOBS_IN_PROCESS: z.enum(['true', 'false'], { error: 'must be true or false' }).default('true'),
  JOB_CONCURRENCY: wholeNumber(1, 1),
  FFMPEG_PATH: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  FFPROBE_PATH: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  METRICS_TOKEN: z.preprocess(
    emptyAsUndefined,
    z.string().min(16, 'must be at least 16 characters of random text').optional(),
  ),
  PUBLIC_FAST_PATH: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  publicOrigin: string;
  databaseUrl: string | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  supportEmail: string;
  privacyEmail: string;
  shutdownTimeoutMs: number;
  timeouts: TimeoutsConfig;
  /** Signs access tokens; when unset a random one is kept under DATA_DIR. */
  jwtSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Which proxies' X-Forwarded-For to believe: none (the socket address), all, N hops or a list. */
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
  /** The built web app; absent in API-only runs such as the integration tests. */
  webDistDir: string | undefined;
  /** Who takes payments for Pro: Stripe when a secret key is set, else the local demo. */
  payments: PaymentsConfig;
  /** Where media lives: DATA_DIR/media, or an S3 bucket when S3_BUCKET is set. */
  storage: StorageConfig;
  /** Redis for the state instances share (limits, throttling); unset keeps it in process. */
  redis: { url: string; keyPrefix: string } | undefined;
  /** Background work (video processing): in this process unless JOBS_IN_PROCESS=false. */
  jobs: JobsConfig;
  /** FFMPEG_PATH / FFPROBE_PATH; unset finds them on PATH, else in the npm packages. */
  ffmpegPath: { ffmpeg: string | undefined; ffprobe: string | undefined };
  /** A bearer token that opens GET /metrics; unset, /metrics is not served. */
  metricsToken: string | undefined;
  /** Public profiles through the fast path (apps/server/src/fast-path); off, plain Fastify routes. */
  publicFastPath: boolean;
}

export interface JobsConfig {
  inProcess: boolean;
  /** Jobs run at once per process: each video job already keeps both cores busy. */
  concurrency: number;
  /** How often an idle worker looks for work; the timings are short in tests. */
  pollMs: number;
  /** The pause after a job's first failure, doubled after each further one. */
  backoffMs: number;
  /** How long a running job is its worker's without a heartbeat (then another may take it). */
  leaseMs: number;
}

export type PaymentsConfig =
  | { provider: 'demo' }
  | {
      provider: 'stripe';
      secretKey: string;
      webhookSecret: string;
      /** A Stripe-compatible endpoint instead of api.stripe.com (the tests' fake). */
      apiUrl: string | undefined;
      /** Price ids made in the Stripe dashboard; a plan without one is priced from PLANS. */
      priceIds: { 'one-year'?: string | undefined; lifetime?: string | undefined };
    };

/** How long the server waits on a client; 0 turns a limit off (not advised in production). */
export interface TimeoutsConfig {
  /** The whole request, body included, must have arrived within this (uploads included). */
  requestMs: number;
  /** The request line and headers must have arrived within this. */
  headersMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: number;
  /** A connection with no bytes moving either way is closed after this. */
  socketIdleMs: number;
  /** A body that brings fewer than bodyStallMinBytes in any such window is cut. */
  bodyStallWindowMs: number;
  bodyStallMinBytes: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const defaultWebDist = resolve(import.meta.dirname, '../../web/dist');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  const publicOrigin = (e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    publicOrigin,
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    supportEmail: e.SUPPORT_EMAIL,
    privacyEmail: e.PRIVACY_EMAIL,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    timeouts: parseTimeouts(e),
    jwtSecret: e.JWT_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    webDistDir: existsSync(resolve(defaultWebDist, 'index.html')) ? defaultWebDist : undefined,
    payments: parsePayments(e),
    storage: parseStorage(e),
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : undefined,
    jobs: {
      inProcess: e.JOBS_IN_PROCESS === 'true',
      concurrency: e.JOB_CONCURRENCY,
      pollMs: 1000,
      backoffMs: 10_000,
      leaseMs: 30_000,
    },
    ffmpegPath: { ffmpeg: e.FFMPEG_PATH, ffprobe: e.FFPROBE_PATH },
    metricsToken: e.METRICS_TOKEN,
    publicFastPath: e.PUBLIC_FAST_PATH === 'on',
  };
}

/** The bucket's settings travel together: half a set is a mistake worth stopping for. */
function parseStorage(e: z.infer<typeof envSchema>): StorageConfig {
  if (!e.S3_BUCKET) {
    const stray = (['S3_REGION', 'S3_ENDPOINT', 'MEDIA_PUBLIC_URL'] as const).filter((k) => e[k]);
    if (stray.length > 0) {
      throw new ConfigError(stray.map((k) => `${k}: needs S3_BUCKET (media is on local disk)`));
    }
    return { kind: 'local' };
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError([
      'S3_ACCESS_KEY_ID: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the SDK then finds credentials itself)',
    ]);
  }
  return {
    kind: 's3',
    bucket: e.S3_BUCKET,
    region: e.S3_REGION ?? 'us-east-1',
    endpoint: e.S3_ENDPOINT,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
    publicUrl: e.MEDIA_PUBLIC_URL,
  };
}

/**
 * Stripe needs its webhook secret, since only the signed webhook grants Pro. The demo grants Pro
 * for free, so a production server refuses it unless told on purpose (a staging copy, a demo).
 */
function parsePayments(e: z.infer<typeof envSchema>): PaymentsConfig {
  if (e.STRIPE_SECRET_KEY) {
    if (!e.STRIPE_WEBHOOK_SECRET) {
      throw new ConfigError([
        'STRIPE_WEBHOOK_SECRET: is required with STRIPE_SECRET_KEY (Pro is granted only by the signed webhook)',
      ]);
    }
    return {
      provider: 'stripe',
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiUrl: e.STRIPE_API_URL,
      priceIds: { 'one-year': e.STRIPE_PRICE_ONE_YEAR, lifetime: e.STRIPE_PRICE_LIFETIME },
    };
  }
  if (e.NODE_ENV === 'production' && e.PAYMENTS_DEMO !== 'allow') {
    throw new ConfigError([
      'STRIPE_SECRET_KEY: is required in production; without it every checkout is a free demo (set PAYMENTS_DEMO=allow to run the demo on purpose)',
    ]);
  }
  return { provider: 'demo' };
}

/**
 * The request timeout is long because a 100 MB video at 1 Mbit/s takes about 14 minutes; the stall
 * rule is what stops a client trickling a body. Keep-alive (Fastify's default) outlives the 60 s
 * idle timeout of common load balancers, so they never reuse a connection this server is closing.
 */
function parseTimeouts(e: z.infer<typeof envSchema>): TimeoutsConfig {
  // Node refuses a header timeout longer than a (non-zero) request timeout.
  if (e.REQUEST_TIMEOUT_MS > 0 && e.HEADERS_TIMEOUT_MS > e.REQUEST_TIMEOUT_MS) {
    throw new ConfigError(['HEADERS_TIMEOUT_MS: must not be longer than REQUEST_TIMEOUT_MS']);
  }
  return {
    requestMs: e.REQUEST_TIMEOUT_MS,
    headersMs: e.HEADERS_TIMEOUT_MS,
    keepAliveMs: e.KEEP_ALIVE_TIMEOUT_MS,
    socketIdleMs: e.SOCKET_IDLE_TIMEOUT_MS,
    bodyStallWindowMs: e.BODY_STALL_WINDOW_MS,
    bodyStallMinBytes: e.BODY_STALL_MIN_BYTES,
  };
}

function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value.split(',').map((entry) => entry.trim());
}

/** Reads `.env` from the working directory when there is one; real environment variables win. */
export function loadDotEnv(path = resolve('.env')): void {
  if (existsSync(path)) process.loadEnvFile(path);
}
