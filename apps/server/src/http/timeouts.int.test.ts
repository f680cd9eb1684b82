import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { openRaw, listenLocally } from '../test/raw-http.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

// Small on purpose: every rule is the production one, only the numbers shrink.
const timeouts = {
  requestMs: 3_000,
  headersMs: 500,
  keepAliveMs: 700,
  socketIdleMs: 0,
  bodyStallWindowMs: 600,
  bodyStallMinBytes: 50,
};

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ timeouts });
  t.app.post('/v1/test/echo', async (request) => ({ size: JSON.stringify(request.body).length }));
  port = await listenLocally(t.app);
});

afterAll(() => t.close());

const postHead = (length: number) =>
  `POST /v1/test/echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

/** A JSON body of exactly `length` bytes, cut into `pieces` chunks. */
function jsonBody(length: number, pieces: number): string[] {
  const body = `{"x":"${'a'.repeat(length - 8)}"}`;
  const size = Math.ceil(length / pieces);
  return Array.from({ length: pieces }, (_, i) => body.slice(i * size, (i + 1) * size)).filter(
    Boolean,
  );
}

describe('timeouts on a listening server', () => {
  it('cuts a body trickled one byte at a time within the stall window, with a 408 envelope', async () => {
    const conn = await openRaw(port);
    conn.write(postHead(200));
    void conn.trickle(jsonBody(200, 200), 100);
    const res = await conn.closed;

    expect(res.closedAfterMs).toBeLessThan(timeouts.bodyStallWindowMs * 2 + 1_000);
    expect(res.status).toBe(408);
    expect(JSON.parse(res.body)).toMatchObject({
      success: false,
      data: null,
      status: 408,
      code: 'REQUEST_TIMEOUT',
    });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lets a slow but steady body through', async () => {
    const conn = await openRaw(port);
    conn.write(postHead(400));
    // 40 bytes every 100 ms: about 240 per window, well above the 50 required; about 1 s in all.
    await conn.trickle(jsonBody(400, 10), 100);
    // The answer comes at once; the connection then closes when keep-alive runs out.
    const res = await conn.closed;
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ size: 400 });
  });

  it('closes a connection that sends no request within the header timeout', async () => {
    const conn = await openRaw(port);
    const res = await conn.closed;
    expect(res.closedAfterMs).toBeGreaterThanOrEqual(timeouts.headersMs - 50);
    expect(res.closedAfterMs).toBeLessThan(timeouts.headersMs + 1_000);
    expect(res.status).toBe(408);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'REQUEST_TIMEOUT', status: 408 });
  });

  it('closes a connection that trickles its headers (slowloris)', async () => {
    const conn = await openRaw(port);
    void conn.trickle(
      ['GET /healthz HTTP/1.1\r\n', ...Array.from({ length: 40 }, () => 'X-a: b\r\n')],
      100,
    );
    const res = await conn.closed;
    expect(res.closedAfterMs).toBeLessThan(timeouts.headersMs + 1_000);
    expect(res.status).toBe(408);
  });

  it('ends a steady body that takes longer than the whole-request timeout', async () => {
    const conn = await openRaw(port);
    conn.write(postHead(6_000));
    // 100 bytes every 100 ms never stalls, but needs 6 s where 3 s are allowed.
    void conn.trickle(jsonBody(6_000, 60), 100);
    const res = await conn.closed;
    expect(res.closedAfterMs).toBeGreaterThanOrEqual(timeouts.requestMs - 100);
    expect(res.closedAfterMs).toBeLessThan(timeouts.requestMs + 1_500);
    expect(res.status).toBe(408);
  });

  it('closes an idle keep-alive connection after the keep-alive timeout', async () => {
    const conn = await openRaw(port);
    conn.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    const res = await conn.closed;
    expect(res.status).toBe(200);
    expect(res.closedAfterMs).toBeGreaterThanOrEqual(timeouts.keepAliveMs - 50);
    // Node itself allows about one more second than keepAliveTimeout.
    expect(res.closedAfterMs).toBeLessThan(timeouts.keepAliveMs + 2_000);
  });
});

describe('timeout settings', () => {
  it('has production defaults long enough for a 100 MB upload at 1 Mbit/s', () => {
    const config = loadConfig({});
    // 100 MB at 1 Mbit/s is about 14 minutes.
    expect(config.timeouts.requestMs).toBeGreaterThanOrEqual(14 * 60_000);
    expect(config.timeouts.headersMs).toBeLessThanOrEqual(30_000);
    expect(config.timeouts.bodyStallWindowMs).toBeGreaterThan(0);
    expect(config.timeouts.bodyStallMinBytes).toBeGreaterThan(0);
  });

  it('reads each timeout from the environment and refuses bad values', () => {
    const config = loadConfig({
      REQUEST_TIMEOUT_MS: '60000',
      HEADERS_TIMEOUT_MS: '5000',
      KEEP_ALIVE_TIMEOUT_MS: '4000',
      SOCKET_IDLE_TIMEOUT_MS: '9000',
      BODY_STALL_WINDOW_MS: '10000',
      BODY_STALL_MIN_BYTES: '100',
    });
    expect(config.timeouts).toEqual({
      requestMs: 60_000,
      headersMs: 5_000,
      keepAliveMs: 4_000,
      socketIdleMs: 9_000,
      bodyStallWindowMs: 10_000,
      bodyStallMinBytes: 100,
    });
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: 'soon' })).toThrow(/HEADERS_TIMEOUT_MS/);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '1000', HEADERS_TIMEOUT_MS: '5000' })).toThrow(
      /HEADERS_TIMEOUT_MS: must not be longer than REQUEST_TIMEOUT_MS/,
    );
  });
});
