// A small round-robin load balancer for the fleet test: plain node:http on loopback, bodies
// streamed both ways, X-Forwarded-For appended, each answer marked with the instance that gave it
// (`x-fleet-instance`) and counted per instance. It behaves as the load balancers the README
// assumes do: an instance can be drained (no new requests, those in flight finish) before it is
// stopped, one that refuses connections is taken out of rotation until /readyz answers again, and
// a request that never reached an instance is sent to the next one.
import { request as httpRequest, createServer } from 'node:http';

// Hop-by-hop headers (RFC 9110 7.6.1) belong to one connection and are not passed on.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);
const PROBE_INTERVAL_MS = 250;

/**
 * @typedef {object} Upstream
 * @property {string} name
 * @property {URL} url
 * @property {boolean} enabled false while drained on purpose
 * @property {boolean} up false after a refused connection, until /readyz answers 200
 * @property {number} requests requests sent to it (answered or not)
 * @property {number} inFlight
 * @property {Record<string, number>} statuses answers by status class ('2xx', …)
 */

/**
 * @param {{ upstreams: { name: string, base: string }[], port?: number }} options
 */
export async function startProxy({ upstreams: targets, port = 0 }) {
  /** @type {Upstream[]} */
  const upstreams = targets.map(({ name, base }) => ({
    name,
    url: new URL(base),
    enabled: true,
    up: true,
    requests: 0,
    inFlight: 0,
    statuses: {},
  }));
  let next = 0;
  const totals = { retried: 0, unavailable: 0 };

  /** The next instance in turn that takes requests, skipping those tried already. */
  const pick = (/** @type {Set<Upstream>} */ tried) => {
    for (let i = 0; i < upstreams.length; i++) {
      const candidate = upstreams[(next + i) % upstreams.length];
      if (candidate && candidate.enabled && candidate.up && !tried.has(candidate)) {
        next = (next + i + 1) % upstreams.length;
        return candidate;
      }
    }
    return undefined;
  };

  const forward = (
    /** @type {import('node:http').IncomingMessage} */ req,
    /** @type {import('node:http').ServerResponse} */ res,
    /** @type {Set<Upstream>} */ tried,
  ) => {
    const upstream = pick(tried);
    if (!upstream) {
      totals.unavailable++;
      res.writeHead(503, { 'content-type': 'text/plain', 'retry-after': '1' });
      res.end('no instance available\n');
      return;
    }
    tried.add(upstream);
    upstream.requests++;
    upstream.inFlight++;
    let settled = false;
    const done = () => {
      if (settled) return;
      settled = true;
      upstream.inFlight--;
    };

    const headers = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value;
    }
    const client = req.socket.remoteAddress ?? '127.0.0.1';
    headers['x-forwarded-for'] = req.headers['x-forwarded-for']
      ? `${String(req.headers['x-forwarded-for'])}, ${client}`
      : client;
    headers['x-forwarded-proto'] = 'http';
    headers['x-forwarded-host'] = req.headers.host ?? '';

    // A fresh connection per request (agent: false): a reused keep-alive socket that the instance
    // closes while draining would lose the request on it.
    const upstreamReq = httpRequest({
      host: upstream.url.hostname,
      port: upstream.url.port,
      method: req.method,
      path: req.url,
      headers,
      agent: false,
    });
    let connected = false;
    upstreamReq.on('socket', (socket) => {
      socket.once('connect', () => {
        connected = true;
        // The body is read only once an instance has the connection, so a refused one leaves it
        // untouched for the next instance.
        req.pipe(upstreamReq);
      });
    });
    upstreamReq.on('response', (upstreamRes) => {
      const status = upstreamRes.statusCode ?? 502;
      const statusClass = `${String(status)[0]}xx`;
      upstream.statuses[statusClass] = (upstream.statuses[statusClass] ?? 0) + 1;
      const answerHeaders = {};
      for (const [name, value] of Object.entries(upstreamRes.headers)) {
        if (!HOP_BY_HOP.has(name) && value !== undefined) answerHeaders[name] = value;
      }
      answerHeaders['x-fleet-instance'] = upstream.name;
      res.writeHead(status, upstreamRes.statusMessage, answerHeaders);
      upstreamRes.pipe(res);
      upstreamRes.on('end', done);
      upstreamRes.on('error', () => {
        done();
        res.destroy();
      });
    });
    upstreamReq.on('error', (err) => {
      done();
      if (!connected) {
        // Nothing reached that instance: out of rotation until it is ready again, and the
        // request goes to the next one.
        upstream.up = false;
        totals.retried++;
        forward(req, res, tried);
        return;
      }
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(`instance ${upstream.name} failed: ${err.message}\n`);
      } else {
        res.destroy();
      }
    });
    // The client went away (a skipped video, a closed tab): stop the instance's work too.
    res.on('close', () => {
      if (!res.writableFinished) upstreamReq.destroy();
      done();
    });
  };

  const server = createServer((req, res) => forward(req, res, new Set()));
  await new Promise((done) => server.listen(port, '127.0.0.1', () => done(undefined)));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('proxy is not listening');

  const probes = setInterval(() => {
    for (const upstream of upstreams) {
      if (upstream.up) continue;
      fetch(new URL('/readyz', upstream.url))
        .then((answer) => {
          if (answer.ok) upstream.up = true;
        })
        .catch(() => {
          // still down
        });
    }
  }, PROBE_INTERVAL_MS);

  const find = (/** @type {string} */ name) => {
    const upstream = upstreams.find((u) => u.name === name);
    if (!upstream) throw new Error(`no instance named ${name}`);
    return upstream;
  };

  return {
    base: `http://127.0.0.1:${address.port}`,
    /**
     * Stops sending new requests to `name`; resolves when none of its requests is in flight, or
     * after `timeoutMs` (a long download may go on: the instance finishes it while stopping).
     */
    async drain(/** @type {string} */ name, timeoutMs = 10_000) {
      const upstream = find(name);
      upstream.enabled = false;
      const deadline = Date.now() + timeoutMs;
      while (upstream.inFlight > 0 && Date.now() < deadline) {
        await new Promise((wake) => setTimeout(wake, 20));
      }
    },
    /** Puts `name` back in rotation (once it answers /readyz, if it was seen down). */
    enable(/** @type {string} */ name) {
      const upstream = find(name);
      upstream.enabled = true;
      upstream.up = false;
    },
    stats() {
      return {
        instances: upstreams.map(({ name, requests, inFlight, statuses, enabled, up }) => ({
          name,
          requests,
          inFlight,
          statuses: { ...statuses },
          inRotation: enabled && up,
        })),
        ...totals,
      };
    },
    async close() {
      clearInterval(probes);
      server.closeAllConnections();
      await new Promise((done) => server.close(() => done(undefined)));
    },
  };
}
