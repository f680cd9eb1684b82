import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  throw new Error('expected loadConfig to fail');
}

describe('loadConfig', () => {
  it('runs on the embedded defaults with no variables set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('localhost');
    expect(config.dataDir).toMatch(/[\\/]data$/);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicOrigin).toBe('http://localhost:3000');
    expect(config.logLevel).toBe('info');
  });

  it('names a bad PORT', () => {
    expect(problemsOf({ PORT: 'abc' })).toEqual([
      'PORT: must be a whole number between 0 and 65535',
    ]);
    expect(problemsOf({ PORT: '70000' })[0]).toMatch(/^PORT:/);
  });

  it('lists every bad variable at once', () => {
    const problems = problemsOf({
      PORT: 'abc',
      DATABASE_URL: 'mysql://db/pbshare',
      LOG_LEVEL: 'loud',
      PUBLIC_ORIGIN: 'not a url',
    });
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'DATABASE_URL',
      'LOG_LEVEL',
      'PORT',
      'PUBLIC_ORIGIN',
    ]);
  });

  it('treats an empty DATABASE_URL as unset and accepts postgres URLs', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: 'postgresql://u@h/db' }).databaseUrl).toBe(
      'postgresql://u@h/db',
    );
  });

  it('derives the public origin from the port and trims a trailing slash', () => {
    expect(loadConfig({ PORT: '8080' }).publicOrigin).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://pbshare.app/' }).publicOrigin).toBe(
      'https://pbshare.app',
    );
  });
});

describe('background work and operations settings', () => {
  it('runs jobs in the web process, one at a time, with no /metrics, by default', () => {
    const config = loadConfig({});
    expect(config.jobs).toMatchObject({ inProcess: true, concurrency: 1 });
    expect(config.metricsToken).toBeUndefined();
    expect(config.ffmpegPath).toEqual({ ffmpeg: undefined, ffprobe: undefined });
  });

  it('reads JOBS_IN_PROCESS, JOB_CONCURRENCY, FFMPEG_PATH and METRICS_TOKEN', () => {
    const config = loadConfig({
      JOBS_IN_PROCESS: 'false',
      JOB_CONCURRENCY: '2',
      FFMPEG_PATH: '/opt/ffmpeg/bin/ffmpeg',
      METRICS_TOKEN: 'a-long-enough-random-token',
    });
    expect(config.jobs).toMatchObject({ inProcess: false, concurrency: 2 });
    expect(config.ffmpegPath.ffmpeg).toBe('/opt/ffmpeg/bin/ffmpeg');
    expect(config.metricsToken).toBe('a-long-enough-random-token');
  });

  it('names bad values', () => {
    const problems = problemsOf({
      JOBS_IN_PROCESS: 'no',
      JOB_CONCURRENCY: '0',
      METRICS_TOKEN: 'x',
    });
    expect(problems).toEqual([
      'JOBS_IN_PROCESS: must be true or false',
      'JOB_CONCURRENCY: must be a whole number of at least 1',
      'METRICS_TOKEN: must be at least 16 characters of random text',
    ]);
  });

  it('serves public profiles through the fast path unless PUBLIC_FAST_PATH=off', () => {
    expect(loadConfig({}).publicFastPath).toBe(true);
    expect(loadConfig({ PUBLIC_FAST_PATH: 'on' }).publicFastPath).toBe(true);
    expect(loadConfig({ PUBLIC_FAST_PATH: 'off' }).publicFastPath).toBe(false);
    expect(problemsOf({ PUBLIC_FAST_PATH: 'fast' })).toEqual([
      'PUBLIC_FAST_PATH: must be on or off',
    ]);
  });
});

describe('payment settings', () => {
  it('runs the demo checkout when Stripe is not configured, outside production', () => {
    expect(loadConfig({}).payments).toEqual({ provider: 'demo' });
    expect(loadConfig({ NODE_ENV: 'test' }).payments).toEqual({ provider: 'demo' });
  });

  it('refuses to start a production server on the demo unless PAYMENTS_DEMO=allow', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      expect.stringMatching(/^STRIPE_SECRET_KEY: is required in production/),
    ]);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS_DEMO: 'allow' }).payments).toEqual({
      provider: 'demo',
    });
    expect(problemsOf({ PAYMENTS_DEMO: 'yes' })[0]).toMatch(/^PAYMENTS_DEMO:/);
  });

  it('uses Stripe with a secret key, which needs the webhook secret', () => {
    expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_test_123' })).toEqual([
      expect.stringMatching(/^STRIPE_WEBHOOK_SECRET: is required/),
    ]);
    expect(problemsOf({ STRIPE_SECRET_KEY: 'pk_test_123' })[0]).toMatch(/^STRIPE_SECRET_KEY:/);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        STRIPE_SECRET_KEY: 'sk_live_123',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
        STRIPE_API_URL: 'http://127.0.0.1:12111',
        STRIPE_PRICE_LIFETIME: 'price_life',
      }).payments,
    ).toEqual({
      provider: 'stripe',
      secretKey: 'sk_live_123',
      webhookSecret: 'whsec_abc',
      apiUrl: 'http://127.0.0.1:12111',
      priceIds: { 'one-year': undefined, lifetime: 'price_life' },
    });
  });

  it('keeps media on local disk unless S3_BUCKET is set', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'local' });
    expect(problemsOf({ MEDIA_PUBLIC_URL: 'https://cdn.example.com' })).toEqual([
      'MEDIA_PUBLIC_URL: needs S3_BUCKET (media is on local disk)',
    ]);
  });

  it('reads a bucket from the S3_* variables', () => {
    expect(
      loadConfig({
        S3_BUCKET: 'pbshare-media',
        S3_REGION: 'eu-west-1',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
        MEDIA_PUBLIC_URL: 'https://cdn.example.com/media',
      }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'pbshare-media',
      region: 'eu-west-1',
      endpoint: 'http://127.0.0.1:9000',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      publicUrl: 'https://cdn.example.com/media',
    });
    expect(loadConfig({ S3_BUCKET: 'pbshare-media' }).storage).toMatchObject({
      region: 'us-east-1',
      forcePathStyle: false,
      endpoint: undefined,
    });
  });

  it('names half a set of S3 credentials and a bad S3 setting', () => {
    expect(problemsOf({ S3_BUCKET: 'pbshare-media', S3_ACCESS_KEY_ID: 'key' })[0]).toMatch(
      /^S3_ACCESS_KEY_ID: set both/,
    );
    expect(problemsOf({ S3_BUCKET: 'b-1', S3_FORCE_PATH_STYLE: 'yes' })).toEqual([
      'S3_FORCE_PATH_STYLE: must be true or false',
    ]);
    expect(problemsOf({ S3_BUCKET: 'b-1', S3_ENDPOINT: 'minio' })).toEqual([
      'S3_ENDPOINT: must be an http(s) URL',
    ]);
  });
});
