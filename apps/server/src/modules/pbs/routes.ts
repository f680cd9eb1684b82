import { rm } from 'node:fs/promises';
import type { Multipart } from '@fastify/multipart';
import { VIDEO_MAX_BYTES, reorderInputSchema, visibilityInputSchema } from '@pbshare/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error.js';
import { authOf, type RequireAuth } from '../../http/auth-guard.js';
import { ok } from '../../http/envelope.js';
import { isTooLarge, receiveUpload, type ReceivedFile } from '../../media/receive-upload.js';
import { parsePbFields } from './pb-input.js';
import type { PbsService, UploadedMedia } from './service.js';

export interface PbsRouteDeps {
  pbs: PbsService;
  requireAuth: RequireAuth;
  uploadDir: string;
}

const idParams = z.object({ id: z.string().min(1).max(64) });

export const pbsRoutes: FastifyPluginAsyncZod<PbsRouteDeps> = async (app, deps) => {
  const { pbs, requireAuth, uploadDir } = deps;
  // Authenticate before the body is validated: a stranger learns nothing about the input rules.
  app.addHook('preValidation', requireAuth);

  app.get('/', async (request) => ok(await pbs.list(authOf(request).userId)));

  app.get('/:id', { schema: { params: idParams } }, async (request) =>
    ok(await pbs.get(authOf(request).userId, request.params.id)),
  );

  // The spec's form: multipart with the media in `file` (and a video's poster in `poster`).
  // With isEditMode=true and an id it updates that record; otherwise it adds a record.
  app.post('/', async (request, reply) => {
    if (!request.isMultipart()) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send personal bests as multipart/form-data.');
    }
    const { fields, upload } = await readPbForm(request, uploadDir);
    const userId = authOf(request).userId;
    try {
      const input = parsePbFields(fields);
      if (fields.isEditMode === 'true') {
        if (!fields.id)
          throw new AppError('VALIDATION_ERROR', 'Which personal best should be updated?');
        return ok(
          await pbs.update(userId, fields.id, input, upload),
          'Personal best updated successfully!',
        );
      }
      const created = await pbs.create(userId, input, upload);
      void reply.code(201);
      return ok(created, 'Personal best saved successfully!', 201);
    } finally {
      await discard(upload?.file, upload?.poster);
    }
  });

  // The same update without a new file, as JSON.
  app.put(
    '/',
    { schema: { body: z.looseObject({ id: z.string().min(1).max(64) }) } },
    async (request) => {
      const input = parsePbFields(request.body);
      return ok(
        await pbs.update(authOf(request).userId, request.body.id, input, undefined),
        'Personal best updated successfully!',
      );
    },
  );

  app.delete('/:id', { schema: { params: idParams } }, async (request) => {
    await pbs.delete(authOf(request).userId, request.params.id);
    return ok(null, 'Personal best deleted');
  });

  app.patch('/visibility', { schema: { body: visibilityInputSchema } }, async (request) =>
    ok(await pbs.setVisibility(authOf(request).userId, request.body.id, request.body.isVisible)),
  );

  app.patch('/update-order', { schema: { body: reorderInputSchema } }, async (request) =>
    ok(await pbs.reorder(authOf(request).userId, request.body.orderedIds), 'Order saved'),
  );
};

/** Reads every part, streaming `file` and `poster` to temp files; text parts become fields. */
async function readPbForm(
  request: FastifyRequest,
  uploadDir: string,
): Promise<{ fields: Record<string, string>; upload: UploadedMedia | undefined }> {
  const fields: Record<string, string> = {};
  let file: ReceivedFile | undefined;
  let poster: ReceivedFile | undefined;
  try {
    const parts: AsyncIterableIterator<Multipart> = request.parts({
      limits: { fileSize: VIDEO_MAX_BYTES, files: 2, fields: 30, fieldSize: 16 * 1024 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      } else if (part.fieldname === 'file' && !file) {
        file = await receiveUpload(part, uploadDir, 'image-or-video');
      } else if (part.fieldname === 'poster' && !poster) {
        poster = await receiveUpload(part, uploadDir, 'image');
      } else {
        part.file.resume();
      }
    }
  } catch (err) {
    await discard(file, poster);
    if (err instanceof AppError) throw err;
    if (isTooLarge(err)) throw new AppError('PAYLOAD_TOO_LARGE', 'Videos can be at most 100 MB.');
    throw new AppError('BAD_REQUEST', 'The form could not be read. Please try again.');
  }
  if (!file) {
    await discard(poster);
    return { fields, upload: undefined };
  }
  return { fields, upload: poster ? { file, poster } : { file } };
}

async function discard(...files: (ReceivedFile | undefined)[]): Promise<void> {
  for (const file of files) if (file) await rm(file.path, { force: true });
}
