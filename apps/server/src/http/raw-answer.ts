import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorCode } from '@pbshare/shared';
import { STATUS_BY_CODE } from '../errors/app-error.js';
import { failure } from './envelope.js';
import type { SecurityHeaders } from './security.js';

/** Node keeps the response being written on the socket; its own error answers check it too. */
type HttpSocket = Socket & { _httpMessage?: ServerResponse | null };

/**
 * Answers an error envelope straight on the socket and closes it, for the moments no Fastify reply
 * exists (a request Node could not parse, a timeout) or must be cut short (a stalled body). The
 * answer carries the same security headers and a request id like every other one. Nothing is
 * written when the client is gone or an answer has already started on this connection.
 */
export function answerOnSocket(
  socket: Socket,
  code: ErrorCode,
  message: string,
  headers: SecurityHeaders,
): void {
  const started = (socket as HttpSocket)._httpMessage?.headersSent === true;
  if (socket.writable && !started) {
    const status = STATUS_BY_CODE[code];
    const body = JSON.stringify(failure(status, code, message));
    const lines = [
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
      'content-type: application/json; charset=utf-8',
      `content-length: ${Buffer.byteLength(body)}`,
      'connection: close',
      `x-request-id: ${randomUUID()}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
  }
  socket.destroy();
}
