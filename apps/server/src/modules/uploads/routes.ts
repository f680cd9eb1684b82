import type { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { MEDIA_MESSAGES, VIDEO_MAX_BYTES, type ErrorCode } from '@pbshare/shared';
import { Server } from '@tus/server';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors/app-error.js';
import { authOf, type RequireAuth } from '../../http/auth-guard.js';
import type { PieceStore } from './piece-store.js';
import { UPLOAD_MESSAGES, type UploadsService } from './service.js';

export const UPLOADS_PATH = '/v1/uploads';

export interface UploadsRouteDeps {
  uploads: UploadsService;
  store: PieceStore;
  requireAuth: RequireAuth;
  /** Carries the signed-in account into the tus store's create(). */
  caller: AsyncLocalStorage<string>;
}

/** What a tus refusal becomes in the envelope. */
const TUS_REFUSALS: Readonly<Record<number, { code: ErrorCode; message: string }>> = {
  404: { code: 'NOT_FOUND', message: UPLOAD_MESSAGES.notFound },
  409: {
    code: 'CONFLICT',
    message: 'The upload is not at that offset. Ask with HEAD where it stands, then go on.',
  },
  410: { code: 'GONE', message: 'That upload expired. Please pick the file again.' },
  413: { code: 'PAYLOAD_TOO_LARGE', message: MEDIA_MESSAGES.videoTooLarge },
};

/**
 * tus 1.0 at /v1/uploads (creation, HEAD, PATCH, termination, expiration), spoken by
 * @tus/server. Fastify runs first: the session, the account's limits and the owner check answer
 * in the envelope before tus sees the request, and another account's id is a plain 404.
 */
export const uploadsRoutes: FastifyPluginAsync<UploadsRouteDeps> = async (app, deps) => {
  const { uploads, store, requireAuth, caller } = deps;
  const tus = new Server({
    path: UPLOADS_PATH,
    datastore: store,
    relativeLocation: true,
    namingFunction: () => randomUUID(),
    maxSize: VIDEO_MAX_BYTES,
    // Same-origin only: the app is served from the API's own origin.
    allowedOrigins: () => false,
  });

  // PATCH bodies are the file's bytes: left unread here, streamed by tus into the store.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => {
    done(null);
  });
  app.addHook('preValidation', requireAuth);

  const handOver = async (request: FastifyRequest, reply: FastifyReply) => {
    const userId = authOf(request).userId;
    const response = await caller.run(userId, () => tus.handleWeb(toWebRequest(request)));
    response.headers.forEach((value, name) => {
      if (name !== 'content-length' && name !== 'content-type') void reply.header(name, value);
    });
    void reply.header('cache-control', 'no-store');
    if (response.status >= 400) {
      const refusal = TUS_REFUSALS[response.status];
      const text = (await response.text()).trim();
      throw refusal
        ? new AppError(refusal.code, refusal.message)
        : new AppError('BAD_REQUEST', text || 'That upload request could not be read.');
    }
    return reply.code(response.status).send();
  };
  const ownUploadOnly = async (request: FastifyRequest<{ Params: { id: string } }>) => {
    await uploads.assertOwner(authOf(request).userId, request.params.id);
  };

  app.post('/', async (request, reply) => {
    const length = request.headers['upload-length'];
    await uploads.beforeCreate(
      authOf(request).userId,
      length === undefined ? undefined : Number(length),
    );
    return handOver(request, reply);
  });
  for (const method of ['HEAD', 'PATCH', 'DELETE'] as const) {
    app.route<{ Params: { id: string } }>({
      method,
      url: '/:id',
      preHandler: ownUploadOnly,
      handler: handOver,
    });
  }
};

/**
 * The Fastify request as the web Request @tus/server reads. The body is pulled from the socket
 * one chunk at a time, so a fast client cannot fill memory while the disk or bucket catches up.
 */
function toWebRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) headers.set(name, value.join(', '));
  }
  const hasBody = request.method === 'PATCH';
  return new Request(new URL(request.url, 'http://pbshare.invalid'), {
    method: request.method,
    headers,
    ...(hasBody ? { body: pullBody(request.raw), duplex: 'half' } : {}),
  });
}

function pullBody(raw: IncomingMessage): ReadableStream<Uint8Array> {
  const chunks = raw[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else
          controller.enqueue(
            new Uint8Array(next.value.buffer, next.value.byteOffset, next.value.length),
          );
      },
      async cancel() {
        await chunks.return?.();
      },
    },
    { highWaterMark: 0 },
  );
}
