import { connect, type AddressInfo, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** Starts the app on a free port of 127.0.0.1 and answers the port. */
export async function listenLocally(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as AddressInfo;
  return address.port;
}

export interface RawResponse {
  /** Everything the server sent before it closed the connection. */
  text: string;
  /** The first answer's status, if one came. */
  status: number | undefined;
  /** The first answer's headers, names in lower case. */
  headers: Record<string, string>;
  /** The first answer's body. */
  body: string;
  /** Milliseconds from connecting until the server closed the connection. */
  closedAfterMs: number;
}

export interface RawConnection {
  socket: Socket;
  /** Resolves when the connection closes (or after `giveUpMs`, with what came so far). */
  closed: Promise<RawResponse>;
  write(text: string): void;
  /** Writes `chunks` one by one, `everyMs` apart, stopping early if the connection closes. */
  trickle(chunks: string[], everyMs: number): Promise<void>;
}

/** A plain TCP connection for talking HTTP/1.1 by hand: slow bodies, bad request lines, silence. */
export function openRaw(port: number, giveUpMs = 15_000): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    const closed = new Promise<RawResponse>((settle) => {
      const finish = () => {
        clearTimeout(giveUp);
        settle(parse(Buffer.concat(received).toString('utf8'), Date.now() - started));
      };
      const giveUp = setTimeout(() => {
        socket.destroy();
      }, giveUpMs);
      socket.once('close', finish);
    });
    socket.on('error', () => {
      // A reset after the server's answer is expected in these tests; `closed` reports it.
    });
    socket.once('connect', () => {
      resolve({
        socket,
        closed,
        write: (text) => {
          if (!socket.destroyed) socket.write(text);
        },
        trickle: async (chunks, everyMs) => {
          for (const chunk of chunks) {
            if (socket.destroyed || socket.readableEnded) return;
            socket.write(chunk);
            await new Promise((r) => setTimeout(r, everyMs));
          }
        },
      });
    });
    socket.once('error', reject);
  });
}

function parse(text: string, closedAfterMs: number): RawResponse {
  const headEnd = text.indexOf('\r\n\r\n');
  const head = headEnd >= 0 ? text.slice(0, headEnd) : text;
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const status = /^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1];
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length'] ?? NaN);
  const rest = headEnd >= 0 ? text.slice(headEnd + 4) : '';
  return {
    text,
    status: status ? Number(status) : undefined,
    headers,
    body: Number.isFinite(length) ? rest.slice(0, length) : rest,
    closedAfterMs,
  };
}
