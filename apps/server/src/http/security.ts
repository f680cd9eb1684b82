import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** Header name (lower case) to value. */
export type SecurityHeaders = Readonly<Record<string, string>>;

/**
 * Scripts may only come from our own origin, apart from the inline boot scripts the build wrote,
 * allowed by their hashes (web/inline-scripts.ts); styles also allow inline because the Radix and sonner
 * components set style elements at run time. Media and images allow data: and blob: for local
 * previews before upload. Framing is refused twice over (frame-ancestors for current browsers,
 * X-Frame-Options DENY for old ones), and the two say the same thing.
 *
 * Five of helmet's defaults are left out: X-XSS-Protection (it only switched off the XSS auditor
 * of browsers React no longer runs in), X-Download-Options (Internet Explorer 8),
 * X-Permitted-Cross-Domain-Policies (Flash and Acrobat policy files; none is served, and uploads
 * are re-encoded pictures and videos), X-DNS-Prefetch-Control and Origin-Agent-Cluster (hints
 * that guard nothing here). Every header is written on every answer and validated by Node each
 * time: in a bare Node server sending this app's headers and a public profile's JSON, dropping
 * these five took the server from 32 to 27 µs an answer
 * (docs/decisions/0005-helmet-for-headers.md).
 */
function helmetOptions(publicOrigin: string, scriptHashes: readonly string[]): HelmetOptions {
  return {
    // HSTS only means something over https; on a plain-http local run it would only confuse.
    strictTransportSecurity: publicOrigin.startsWith('https:'),
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    xFrameOptions: { action: 'deny' },
    xXssProtection: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xDnsPrefetchControl: false,
    originAgentCluster: false,
    // API answers and pages are for this origin only. /media overrides this with cross-origin
    // (storage/media-routes.ts) because other sites may show a profile's pictures.
    crossOriginResourcePolicy: { policy: 'same-origin' },
  };
}

/**
 * The security headers as a fixed list, worked out once by running helmet against a scratch
 * response. None depends on the request (no CSP nonces), so the same list can be written by the
 * onRequest hook, by the answers Fastify makes before any hook runs (bad URLs, over-long
 * parameters) and by the raw answers written to a socket (timeouts, unparsable requests).
 */
export function buildSecurityHeaders(
  publicOrigin: string,
  scriptHashes: readonly string[] = [],
): SecurityHeaders {
  const request = new IncomingMessage(new Socket());
  const scratch = new ServerResponse(request);
  helmet(helmetOptions(publicOrigin, scriptHashes))(request, scratch, (err?: unknown) => {
    // helmet throws on bad options itself; a value here would be the same failure, older style.
    if (err !== undefined)
      throw err instanceof Error ? err : new Error('helmet refused its options');
  });
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(scratch.getHeaders())) {
    if (value !== undefined)
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return headers;
}

/** Writes the headers on the raw response, so a later `reply.header` can still override one. */
export function applySecurityHeaders(response: ServerResponse, headers: SecurityHeaders): void {
  for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
}

/** Security headers on every routed answer, 404s and error answers included. */
export function registerSecurityHeaders(app: FastifyInstance, headers: SecurityHeaders): void {
  // Listed once here rather than by Object.entries on each request: this runs on every one.
  const entries = Object.entries(headers);
  app.addHook('onRequest', (_request, reply, done) => {
    const response = reply.raw;
    for (const [name, value] of entries) response.setHeader(name, value);
    done();
  });
}
