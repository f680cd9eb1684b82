import { rm } from 'node:fs/promises';
import type { Multipart } from '@fastify/multipart';
import {
  noDataSchema,
  PB_MESSAGES,
  personalBestSchema,
  reorderInputSchema,
  successEnvelope,
  visibilityInputSchema,
} from '@pbshare/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors/app-error.js';
import { refuseNul } from '../../http/nul-guard.js';
import { authOf, type RequireAuth } from '../../http/auth-guard.js';
import { created, ok } from '../../http/envelope.js';
import type { KeyUse } from '../../http/idempotency.js';
import {
  LARGEST_FILE_BYTES,
  PB_FILE_RULES,
  PB_FORM_MAX_BYTES,
  POSTER_RULES,
  VIDEO_TOO_LARGE_MESSAGE,
  isTooLarge,
  receiveUpload,
  type ReceivedFile,
} from '../../media/receive-upload.js';
import { closeUnreadBody, refuseDeclaredBodyOver } from '../../media/upload-body.js';
import type { UploadSlots } from '../../media/upload-limiter.js';
import { parsePbFields } from './pb-input.js';
import { idempotentRecordId } from './record-id.js';
import type { FinishedUploads, TakenUpload } from '../uploads/index.js';
import type { PbsService, UploadedMedia } from './service.js';

export interface PbsRouteDeps {
  pbs: PbsService;
  /** Resumable uploads a form may name in `uploadId` instead of sending a file part. */
  finishedUploads: FinishedUploads;
  requireAuth: RequireAuth;
  uploadDir: string;
  uploads: UploadSlots;
}

const idParams = z.object({ id: z.string().min(1).max(64) });
const cardAnswer = successEnvelope(personalBestSchema);
const cardsAnswer = { 200: successEnvelope(z.array(personalBestSchema)) };

export const pbsRoutes: FastifyPluginAsyncZod<PbsRouteDeps> = async (app, deps) => {
  const { pbs, finishedUploads, requireAuth, uploadDir, uploads } = deps;
  // Authenticate before the body is validated: a stranger learns nothing about the input rules.
  app.addHook('preValidation', requireAuth);

  app.get('/', { schema: { response: cardsAnswer } }, async (request) =>
    ok(await pbs.list(authOf(request).userId)),
  );

  app.get(
    '/:id',
    { schema: { params: idParams, response: { 200: cardAnswer } } },
    async (request) => ok(await pbs.get(authOf(request).userId, request.params.id)),
  );

  // The spec's form: multipart with the media in `file` (and a video's poster in `poster`), or
  // with `uploadId` naming a finished resumable upload (/v1/uploads) in place of `file`.
  // With isEditMode=true and an id it updates that record; otherwise it adds a record.
  // Refusals are answered before the body is read, and the connection then closed.
  const CREATED_MESSAGE = 'Personal best saved successfully!';
  const uploadRoute = {
    config: {
      idempotent: {
        // A create whose answer was lost in a crash left its record under the key's id.
        recover: async (request: FastifyRequest, use: KeyUse) => {
          const userId = authOf(request).userId;
          const card = await pbs.find(userId, idempotentRecordId(userId, use));
          if (!card) return undefined;
          // Replayed as the create answered it: the HTTP status is the envelope's.
          const body = ok(card, CREATED_MESSAGE, 201);
          return { status: body.status, body };
        },
      },
    },
    onRequest: refuseDeclaredBodyOver(PB_FORM_MAX_BYTES, VIDEO_TOO_LARGE_MESSAGE),
    onSend: closeUnreadBody,
    // 200 for an edit, 201 for a new record.
    schema: { response: { 200: cardAnswer, 201: cardAnswer } },
  };
  app.post('/', uploadRoute, async (request, reply) => {
    if (!request.isMultipart()) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send personal bests as multipart/form-data.');
    }
    const userId = authOf(request).userId;
    let release: (() => void) | undefined;
    // Checked once, when the first file part starts (a poster is part of the same upload), so an
    // edit of text alone is never refused.
    const beforeFile = async () => {
      if (release) return;
      release = await uploads.acquire(userId);
      await pbs.assertStorageLeft(userId);
    };
    let upload: UploadedMedia | undefined;
    let taken: TakenUpload | undefined;
    let saved = false;
    try {
      const form = await readPbForm(request, uploadDir, beforeFile);
      upload = form.upload;
      const input = parsePbFields(form.fields);
      if (!upload && form.fields.uploadId) {
        // Counted against the limits when it was created; the quota is checked again here.
        await pbs.assertStorageLeft(userId);
        taken = await finishedUploads.take(userId, form.fields.uploadId);
        upload = await receiveTaken(taken, uploadDir);
      }
      if (form.fields.isEditMode === 'true') {
        if (!form.fields.id)
          throw new AppError('VALIDATION_ERROR', 'Which personal best should be updated?');
        const card = await pbs.update(userId, form.fields.id, input, upload);
        saved = true;
        return ok(card, PB_MESSAGES.updated);
      }
      const use = request.idempotencyKey;
      const card = await pbs.create(
        userId,
        input,
        upload,
        use ? idempotentRecordId(userId, use) : undefined,
      );
      saved = true;
      return created(reply, card, CREATED_MESSAGE);
    } finally {
      release?.();
      await taken?.settle(saved);
      await discard(upload?.file, upload?.poster);
    }
  });

  // The same update without a new file, as JSON.
  app.put(
    '/',
    {
      schema: {
        body: z.looseObject({ id: z.string().min(1).max(64) }),
        response: { 200: cardAnswer },
      },
    },
    async (request) => {
      const input = parsePbFields(request.body);
      return ok(
        await pbs.update(authOf(request).userId, request.body.id, input, undefined),
        PB_MESSAGES.updated,
      );
    },
  );

  app.delete(
    '/:id',
    { schema: { params: idParams, response: { 200: successEnvelope(noDataSchema) } } },
    async (request) => {
      await pbs.delete(authOf(request).userId, request.params.id);
      return ok(null, 'Personal best deleted');
    },
  );

  app.patch(
    '/visibility',
    { schema: { body: visibilityInputSchema, response: { 200: cardAnswer } } },
    async (request) =>
      ok(await pbs.setVisibility(authOf(request).userId, request.body.id, request.body.isVisible)),
  );

  app.patch(
    '/update-order',
    { schema: { body: reorderInputSchema, response: cardsAnswer } },
    async (request) =>
      ok(
        await pbs.reorder(authOf(request).userId, request.body.orderedIds),
        PB_MESSAGES.orderSaved,
      ),
  );
};

/** Reads every part, streaming `file` and `poster` to temp files; text parts become fields. */
async function readPbForm(
  request: FastifyRequest,
  uploadDir: string,
  beforeFile: () => Promise<void>,
): Promise<{ fields: Record<string, string>; upload: UploadedMedia | undefined }> {
  const fields: Record<string, string> = {};
  let file: ReceivedFile | undefined;
  let poster: ReceivedFile | undefined;
  try {
    const parts: AsyncIterableIterator<Multipart> = request.parts({
      // One byte over the largest file, so receive-upload's own limits (with their messages) act.
      limits: { fileSize: LARGEST_FILE_BYTES + 1, files: 2, fields: 30, fieldSize: 16 * 1024 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = refuseNul(part.value);
      } else if (part.fieldname === 'file' && !file) {
        await beforeFile();
        file = await receiveUpload(part, uploadDir, PB_FILE_RULES);
      } else if (part.fieldname === 'poster' && !poster) {
        await beforeFile();
        poster = await receiveUpload(part, uploadDir, POSTER_RULES);
      } else {
        part.file.resume();
      }
    }
  } catch (err) {
    await discard(file, poster);
    if (err instanceof AppError) throw err;
    if (isTooLarge(err)) throw new AppError('PAYLOAD_TOO_LARGE', VIDEO_TOO_LARGE_MESSAGE);
    throw new AppError('BAD_REQUEST', 'The form could not be read. Please try again.');
  }
  if (!file) {
    await discard(poster);
    return { fields, upload: undefined };
  }
  return { fields, upload: poster ? { file, poster } : { file } };
}

/** A taken upload's bytes, checked as any file part is (type sniffed, limits applied). */
async function receiveTaken(taken: TakenUpload, uploadDir: string): Promise<UploadedMedia> {
  const file = await receiveUpload({ file: taken.bytes() }, uploadDir, PB_FILE_RULES);
  if (!file) throw new AppError('BAD_REQUEST', 'That upload is empty. Please pick the file again.');
  return { file };
}

async function discard(...files: (ReceivedFile | undefined)[]): Promise<void> {
  for (const file of files) if (file) await rm(file.path, { force: true });
}
