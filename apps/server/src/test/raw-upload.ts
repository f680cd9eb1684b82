import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { connect, type Socket } from 'node:net';

/**
 * Uploads over a raw socket, for what app.inject cannot express: a body sent without a
 * Content-Length, a Content-Length the client never honours, a client that gives up mid-body, and
 * whether the server answered and then closed the connection.
 */

export interface RawAnswer {
  /** 0 when nothing was answered before the deadline. */
  status: number;
  headers: Record<string, string>;
  body: unknown;
  /** Whether the server closed the connection (the client saw the end of the stream). */
  closed: boolean;
  /** Milliseconds from the first byte sent to the end of the answer's headers. */
  answeredAfterMs: number;
  /** Body bytes the client had sent when the answer arrived. */
  sentWhenAnswered: number;
}

export interface RawUpload {
  port: number;
  method?: 'POST' | 'PUT';
  path?: string;
  headers: Record<string, string>;
  /** Body pieces, sent in order until the server answers; a function makes them on demand. */
  body: Iterable<Buffer>;
  /** Sends the body with chunked transfer encoding instead of a Content-Length. */
  chunked?: boolean;
  /** The Content-Length to announce (defaults to the whole body when not chunked). */
  contentLength?: number;
  /** How long to wait for the answer and the close. */
  timeoutMs?: number;
}

export function rawUpload(options: RawUpload): Promise<RawAnswer> {
  const { port, method = 'POST', path = '/v1/pbs', timeoutMs = 2000 } = options;
  const pieces = [...options.body];
  const total = pieces.reduce((sum, p) => sum + p.length, 0);
  const headers: Record<string, string> = { host: `127.0.0.1:${port}`, ...options.headers };
  if (options.chunked) headers['transfer-encoding'] = 'chunked';
  else headers['content-length'] = String(options.contentLength ?? total);
  const head = `${method} ${path} HTTP/1.1\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;

  return new Promise((resolve) => {
    const socket: Socket = connect(port, '127.0.0.1');
    const started = Date.now();
    let received = Buffer.alloc(0);
    let answeredAfterMs = -1;
    let sentWhenAnswered = 0;
    let sent = 0;
    let closed = false;
    let settled = false;

    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ ...parse(received), closed, answeredAfterMs, sentWhenAnswered });
    };
    const timer = setTimeout(finish, timeoutMs);

    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (answeredAfterMs < 0 && received.includes('\r\n\r\n')) {
        answeredAfterMs = Date.now() - started;
        sentWhenAnswered = sent;
      }
    });
    socket.on('end', () => {
      closed = true;
      finish();
    });
    socket.on('close', () => {
      closed = true;
      finish();
    });
    socket.on('error', () => {
      // A reset after the answer is the server closing too; the answer is already kept.
    });

    const send = async () => {
      socket.write(head);
      for (const piece of pieces) {
        if (answeredAfterMs >= 0 || socket.destroyed) return;
        const framed = options.chunked
          ? [Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]
          : [piece];
        for (const part of framed) {
          if (!socket.write(part)) await drainedOrClosed(socket);
        }
        sent += piece.length;
      }
      if (options.chunked && answeredAfterMs < 0 && !socket.destroyed) socket.write('0\r\n\r\n');
    };
    socket.once('connect', () => {
      void send();
    });
  });
}

function drainedOrClosed(socket: Socket): Promise<void> {
  return new Promise((done) => {
    const settle = () => {
      socket.off('drain', settle);
      socket.off('close', settle);
      done();
    };
    socket.on('drain', settle);
    socket.on('close', settle);
  });
}

function parse(raw: Buffer): Pick<RawAnswer, 'status' | 'headers' | 'body'> {
  const split = raw.indexOf('\r\n\r\n');
  if (split < 0) return { status: 0, headers: {}, body: undefined };
  const [statusLine = '', ...lines] = raw.subarray(0, split).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const text = raw.subarray(split + 4).toString('utf8');
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON (or cut short): kept as text for the assertion message.
  }
  return { status: Number(statusLine.split(' ')[1] ?? 0), headers, body };
}

/** A multipart body split so the file's bytes can be streamed piece by piece. */
export function multipartPieces(
  fields: Record<string, string>,
  files: { name?: string; contentType?: string; pieces: Iterable<Buffer> }[],
): { contentType: string; pieces: Generator<Buffer> } {
  const boundary = `----pbshareraw${Math.random().toString(16).slice(2)}`;
  function* pieces(): Generator<Buffer> {
    for (const [name, value] of Object.entries(fields)) {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      );
    }
    for (const file of files) {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name ?? 'file'}"; filename="upload.bin"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      );
      yield* file.pieces;
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  }
  return { contentType: `multipart/form-data; boundary=${boundary}`, pieces: pieces() };
}

/** `head` followed by zeros, in 1 MB pieces, `total` bytes in all. */
export function* paddedFile(head: Buffer, total: number): Generator<Buffer> {
  yield head;
  const piece = Buffer.alloc(1024 * 1024);
  for (let left = total - head.length; left > 0; left -= piece.length) {
    yield left >= piece.length ? piece : piece.subarray(0, left);
  }
}

/**
 * This process's open descriptors (the server under test runs in it) that belong to uploads: the
 * server's sockets on `port` and files under `dir`. Database connections, which a pool opens as
 * load grows, do not count.
 */
export function uploadDescriptors(port: number, dir: string): number {
  const serverSockets = socketInodes(port);
  let count = 0;
  for (const fd of readdirSync('/proc/self/fd')) {
    let target: string;
    try {
      target = readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      continue; // closed since the listing
    }
    const socket = /^socket:\[(\d+)\]$/.exec(target)?.[1];
    if ((socket && serverSockets.has(socket)) || target.startsWith(dir)) count += 1;
  }
  return count;
}

/** Inodes of TCP sockets whose local port is `port` (the listener included). */
function socketInodes(port: number): Set<string> {
  const inodes = new Set<string>();
  for (const cols of tcpTable()) {
    if (cols[1]?.endsWith(`:${hexPort(port)}`) && cols[9]) inodes.add(cols[9]);
  }
  return inodes;
}

function hexPort(port: number): string {
  return port.toString(16).toUpperCase().padStart(4, '0');
}

/** The rows of /proc/net/tcp and tcp6, split into columns. */
function tcpTable(): string[][] {
  const rows: string[][] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      if (line.trim()) rows.push(line.trim().split(/\s+/));
    }
  }
  return rows;
}

/** Sockets on `port` that the peer closed and we never did. */
export function closeWaitSockets(port: number): number {
  // local_address is ip:port; state 08 is CLOSE_WAIT.
  return tcpTable().filter((cols) => cols[1]?.endsWith(`:${hexPort(port)}`) && cols[3] === '08')
    .length;
}
