import { describe, expect, it } from 'vitest';
import { useSignedInUser, useTestApp } from '../test/file-hooks.js';
import { jobsSettled } from '../test/jobs.js';
import { createPb, fixture } from '../test/pbs.js';

const TOKEN = 'metrics-token-for-tests-0123456789';
const t = useTestApp({ metricsToken: TOKEN });
const me = useSignedInUser(t);

const scrape = (authorization?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: authorization ? { authorization } : {},
  });

describe('GET /metrics', () => {
  it('is answered 404, like a path that does not exist, without the token', async () => {
    for (const auth of [undefined, 'Bearer nope', `Bearer ${TOKEN}x`, TOKEN]) {
      const res = await scrape(auth);
      expect(res.statusCode, String(auth)).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });

  it('gives Prometheus the process, HTTP and job queue metrics', async () => {
    await t.app.inject({ method: 'GET', url: '/healthz' });
    await createPb(t.app, me, { title: 'Run', category: 'Running', value: '0:22:48' }, [
      { data: fixture('v29.mp4'), contentType: 'video/mp4' },
    ]);
    await jobsSettled(t.database.db);

    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toContain('process_resident_memory_bytes');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toMatch(
      /pbshare_http_request_duration_seconds_count\{method="GET",route="\/healthz",status="2xx"\} 1/,
    );
    expect(text).toMatch(
      /pbshare_http_request_duration_seconds_count\{method="POST",route="\/v1\/pbs",status="2xx"\} 1/,
    );
    expect(text).toMatch(
      /pbshare_job_duration_seconds_count\{kind="video\.process",outcome="done"\} 1/,
    );
    expect(text).toMatch(/pbshare_jobs\{state="queued"\} 0/);
    expect(text).toMatch(/pbshare_jobs\{state="parked"\} 0/);
    // Routes by pattern, never by the path asked for.
    await t.app.inject({ method: 'GET', url: '/v1/pbs/user/somebody' });
    expect((await scrape(`Bearer ${TOKEN}`)).body).not.toContain('somebody');
  });
});
