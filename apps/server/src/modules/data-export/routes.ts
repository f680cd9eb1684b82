import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  DATA_ARCHIVE_MAX_BYTES,
  dataImportStatusSchema,
  formatStorageBytes,
  successEnvelope,
} from '@pbshare/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors/app-error.js';
import { authOf, type RequireAuth } from '../../http/auth-guard.js';
import { ok } from '../../http/envelope.js';
import { isTooLarge } from '../../media/receive-upload.js';
import { closeUnreadBody, refuseDeclaredBodyOver } from '../../media/upload-body.js';
import type { UploadSlots } from '../../media/upload-limiter.js';
import type { DataExportService } from './service.js';

export interface DataExportRouteDeps {
  data: DataExportService;
  requireAuth: RequireAuth;
  uploadDir: string;
  uploads: UploadSlots;
  /** The largest archive an import reads; tests set a smaller one. */
  maxArchiveBytes?: number;
}

const IMPORT_STARTED_MESSAGE = 'Your archive arrived. Its photos and videos are being imported.';

/** Room for the form's part headers around the archive. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * "Download my data" under /v1/users (docs/PRODUCT.md §11). Registered in the upload routes'
 * scope, where multipart bodies are read.
 */
export const dataExportRoutes: FastifyPluginAsyncZod<DataExportRouteDeps> = async (app, deps) => {
  const { data, requireAuth, uploadDir, uploads } = deps;
  const maxArchiveBytes = deps.maxArchiveBytes ?? DATA_ARCHIVE_MAX_BYTES;
  const tooLargeMessage = `The archive can be at most ${formatStorageBytes(maxArchiveBytes)}. Nothing was imported.`;

  // A ZIP, streamed as it is written: no response schema, as for the media routes.
  app.get('/export', { preValidation: requireAuth }, async (request, reply) => {
    const { fileName, stream } = await data.exportArchive(authOf(request).userId);
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(stream);
  });

  // 202: the archive is judged and queued; its media are read by the data-import job.
  app.post(
    '/import',
    {
      preValidation: requireAuth,
      onRequest: refuseDeclaredBodyOver(maxArchiveBytes + FORM_OVERHEAD_BYTES, tooLargeMessage),
      onSend: closeUnreadBody,
      schema: { response: { 202: successEnvelope(dataImportStatusSchema) } },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          'Send the archive as multipart/form-data, in a part named "file".',
        );
      }
      const userId = authOf(request).userId;
      // Refused before the body is read: an account with PBs, or with an import under way.
      await data.assertCanImport(userId);
      const release = await uploads.acquire(userId);
      let archivePath: string | undefined;
      try {
        archivePath = await receiveArchive(request, uploadDir, maxArchiveBytes, tooLargeMessage);
        const started = await data.startImport(userId, archivePath);
        void reply.code(202);
        return ok(started, IMPORT_STARTED_MESSAGE, 202);
      } finally {
        release();
        if (archivePath) await rm(archivePath, { force: true });
      }
    },
  );

  // The account's latest import, which the client polls until it is done or failed.
  app.get(
    '/import',
    {
      preValidation: requireAuth,
      schema: { response: { 200: successEnvelope(dataImportStatusSchema) } },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return ok(await data.latestImport(authOf(request).userId));
    },
  );
};

/** The form's `file` part streamed to a temp file, never over `maxBytes`. */
async function receiveArchive(
  request: FastifyRequest,
  uploadDir: string,
  maxBytes: number,
  tooLargeMessage: string,
): Promise<string> {
  await mkdir(uploadDir, { recursive: true });
  let path: string | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 1024 },
    })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file' || path) {
        part.file.resume();
        continue;
      }
      path = join(uploadDir, `${randomUUID()}.upload`);
      await pipeline(part.file, createWriteStream(path));
      if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', tooLargeMessage);
    }
  } catch (err) {
    if (path) await rm(path, { force: true });
    if (err instanceof AppError) throw err;
    if (isTooLarge(err)) throw new AppError('PAYLOAD_TOO_LARGE', tooLargeMessage);
    throw new AppError('BAD_REQUEST', 'The upload could not be read. Please try again.');
  }
  if (!path) {
    throw new AppError(
      'VALIDATION_ERROR',
      'Choose the .zip that \'Download my data\' saved, in a part named "file".',
    );
  }
  return path;
}
