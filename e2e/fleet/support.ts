import { request as httpRequest } from 'node:http';

import { test as base, type APIRequestContext } from '@playwright/test';

/** One instance of the fleet, reached directly (not through the proxy). */
export interface FleetInstance {
  name: string;
  base: string;
  dataDir: string;
  /** Whether its web process runs the background jobs (JOBS_IN_PROCESS). */
  jobsInProcess: boolean;
}

/** The fleet's two instances, as global setup started them. */
export function fleetInstances(): [FleetInstance, FleetInstance] {
  const listed = process.env.FLEET_INSTANCES;
  if (!listed) throw new Error('FLEET_INSTANCES is not set: the fleet global setup did not run');
  const [a, b] = JSON.parse(listed) as FleetInstance[];
  if (!a || !b) throw new Error('the fleet has fewer than two instances');
  return [a, b];
}

/**
 * A client address of its own, believed by the instances via TRUST_PROXY. From 198.18.0.0/15 (for
 * benchmarks, never routed), apart from the journeys' 203.0.113.x: a check that uses up an
 * address's limit must not share it with another test, here or there.
 */
export function clientAddress(): string {
  const octet = () => Math.floor(Math.random() * 254) + 1;
  return `198.18.${octet()}.${octet()}`;
}

/**
 * The fleet checks' `test`: requests go through the proxy by default (absolute URLs reach an
 * instance directly), each test from a client address of its own. No browser.
 */
export const test = base.extend({
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: the fleet global setup did not run');
    await use(url);
  },
  extraHTTPHeaders: async ({}, use) => {
    await use({ 'x-forwarded-for': clientAddress() });
  },
});

/** Calls the fleet's control server (scripts/fleet/fleet.mjs). */
export async function control<T = unknown>(method: 'GET' | 'POST', path: string, body?: unknown) {
  const url = process.env.FLEET_CONTROL_URL;
  if (!url) throw new Error('FLEET_CONTROL_URL is not set: the fleet global setup did not run');
  const answer = await fetch(`${url}${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
  if (!answer.ok) throw new Error(`control ${method} ${path}: ${await answer.text()}`);
  return (await answer.json()) as T;
}

/**
 * How many attempts of a kind of job an instance has finished with `outcome`, from its GET
 * /metrics (the fleet gives every instance FLEET_METRICS_TOKEN); 0 when it has run none.
 */
export async function jobsFinished(
  request: APIRequestContext,
  instance: FleetInstance,
  kind: string,
  outcome: 'done' | 'retry' | 'parked',
): Promise<number> {
  const token = process.env.FLEET_METRICS_TOKEN;
  if (!token) throw new Error('FLEET_METRICS_TOKEN is not set: the fleet global setup did not run');
  const answer = await request.get(`${instance.base}/metrics`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (answer.status() !== 200) {
    throw new Error(`GET ${instance.base}/metrics answered ${answer.status()}`);
  }
  const series = `pbshare_job_duration_seconds_count{kind="${kind}",outcome="${outcome}"} `;
  const line = (await answer.text()).split('\n').find((l) => l.startsWith(series));
  return line ? Number(line.slice(series.length)) : 0;
}

/** Hands figures to the closing report of the run. */
export async function reportFigures(topic: string, figures: unknown): Promise<void> {
  await control('POST', `/figures/${encodeURIComponent(topic)}`, figures);
}

export interface RawRequest {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  /** Sent in two halves: the first at once, the second when `release` resolves. */
  body?: Buffer;
  release?: Promise<void>;
}

export interface RawOutcome {
  status: number | undefined;
  error: string | undefined;
}

/**
 * One request on a connection of its own, with `Expect: 100-continue`: Node answers
 * 100 Continue as it hands the request to the app, so `taken` resolves once the instance has the
 * request (its router has seen it), and `done` when the whole answer has arrived.
 */
export function rawRequest(options: RawRequest): {
  taken: Promise<void>;
  done: Promise<RawOutcome>;
} {
  let markTaken: () => void = () => undefined;
  const taken = new Promise<void>((resolve) => (markTaken = resolve));
  const done = new Promise<RawOutcome>((resolve) => {
    const url = new URL(options.url);
    const req = httpRequest({
      host: url.hostname,
      port: url.port,
      method: options.method,
      path: `${url.pathname}${url.search}`,
      agent: false,
      headers: {
        ...options.headers,
        expect: '100-continue',
        ...(options.body ? { 'content-length': String(options.body.length) } : {}),
      },
    });
    req.on('continue', () => {
      markTaken();
      const { body } = options;
      if (!body) return;
      const half = Math.floor(body.length / 2);
      req.write(body.subarray(0, half));
      void (options.release ?? Promise.resolve()).then(() => req.end(body.subarray(half)));
    });
    req.on('response', (res) => {
      markTaken();
      res.resume();
      res.on('end', () => {
        resolve({ status: res.statusCode, error: undefined });
      });
      res.on('error', (err) => {
        resolve({ status: res.statusCode, error: err.message });
      });
    });
    req.on('error', (err) => {
      markTaken();
      resolve({ status: undefined, error: err.message });
    });
    if (options.body) req.flushHeaders();
    else req.end();
  });
  return { taken, done };
}

/** A multipart/form-data body, as a browser's FormData would send it. */
export function multipartBody(
  fields: Record<string, string>,
  file: { field: string; name: string; type: string; data: Buffer },
): { body: Buffer; contentType: string } {
  const boundary = `----fleet${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
