import type { Socket } from 'node:net';
import type {
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  onSendHookHandler,
} from 'fastify';
import { AppError } from '../errors/app-error.js';

/**
 * How long a connection whose request body was refused keeps reading (and discarding) after the
 * answer is sent, before it is destroyed. Closing at once with body bytes unread makes the kernel
 * send a reset, and a client still busy sending can lose the answer it had not read yet; waiting
 * for the whole body instead would mean reading up to the client's whole file.
 */
const REFUSED_BODY_LINGER_MS = 2_000;

/**
 * Refuses a body from its Content-Length before one byte is read. Without a Content-Length
 * (chunked uploads) the stream limits in receive-upload.ts stop it as soon as a limit is crossed.
 */
export function refuseDeclaredBodyOver(maxBytes: number, message: string): onRequestHookHandler {
  return (request, _reply, done) => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      done(new AppError('PAYLOAD_TOO_LARGE', message));
      return;
    }
    done();
  };
}

/**
 * An upload route's answer may leave before its body is read: a refusal (type, size, rate,
 * quota, authentication) is answered at once. Such an answer carries `Connection: close`; the rest
 * of the body is discarded for a short while so the client reads the answer, then the socket is
 * destroyed whatever the client does, so nothing is left half-open (CLOSE-WAIT) holding a file
 * descriptor.
 */
export const closeUnreadBody: onSendHookHandler = (request, reply, payload, done) => {
  abandonBody(request, reply);
  done(null, payload);
};

function abandonBody(request: FastifyRequest, reply: FastifyReply): void {
  const incoming = request.raw;
  if (incoming.complete || incoming.destroyed) return;
  void reply.header('connection', 'close');
  // The multipart parser may still be attached and paused; discard the bytes instead.
  incoming.unpipe();
  incoming.resume();
  lingerThenDestroy(incoming.socket);
}

/**
 * Node ends a `Connection: close` socket with `destroySoon()` once the answer is written: end our
 * side, then destroy as soon as that is flushed. Here the destroy waits for the client to finish
 * (or for the linger time), so the answer is not lost to a reset.
 */
function lingerThenDestroy(socket: Socket): void {
  let scheduled = false;
  socket.destroySoon = function lingeringDestroySoon(this: Socket) {
    if (scheduled) return;
    scheduled = true;
    if (this.writable) this.end();
    const timer = setTimeout(() => {
      this.destroy();
    }, REFUSED_BODY_LINGER_MS);
    timer.unref();
    this.once('close', () => {
      clearTimeout(timer);
    });
    // The client has sent everything it will send: nothing left to protect the answer from.
    this.once('end', () => this.destroy());
  };
}
