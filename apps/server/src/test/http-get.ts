import { request, type IncomingHttpHeaders } from 'node:http';

/** An answer read over a real connection, shaped like `app.inject`'s for the same assertions. */
export interface HttpAnswer {
  statusCode: number;
  headers: IncomingHttpHeaders;
  /** The body as sent (still compressed, if it was), as UTF-8. */
  body: string;
  rawPayload: Buffer;
  json(): unknown;
}

/**
 * A request to the app listening on `port` of 127.0.0.1, through Node's server and whatever
 * answers ahead of Fastify there (fast-path/front-door.ts), which `app.inject` never reaches. Bodies
 * are not decoded.
 */
export function httpGet(
  port: number,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const rawPayload = Buffer.concat(chunks);
        const body = rawPayload.toString('utf8');
        resolve({
          statusCode: res.statusCode ?? 0,
          headers: res.headers,
          body,
          rawPayload,
          json: () => JSON.parse(body) as unknown,
        });
      });
    });
    req.on('error', reject);
    req.end();
  });
}
