import { rm } from 'node:fs/promises';
import {
  ACCOUNT_MESSAGES,
  deleteAccountInputSchema,
  noDataSchema,
  profileUpdateInputSchema,
  successEnvelope,
  userSchema,
} from '@pbshare/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, issuesOf, validationError } from '../../errors/app-error.js';
import { refuseNul } from '../../http/nul-guard.js';
import { authOf, type RequireAuth } from '../../http/auth-guard.js';
import { ok } from '../../http/envelope.js';
import {
  AVATAR_RULES,
  PROFILE_FORM_MAX_BYTES,
  isTooLarge,
  receiveUpload,
  type ReceivedFile,
} from '../../media/receive-upload.js';
import { closeUnreadBody, refuseDeclaredBodyOver } from '../../media/upload-body.js';
import type { UploadSlots } from '../../media/upload-limiter.js';
import { clearRefreshCookie } from '../../http/refresh-cookie.js';
import type { UsersService } from './service.js';

export interface UsersRouteDeps {
  users: UsersService;
  requireAuth: RequireAuth;
  secureCookies: boolean;
  uploadDir: string;
  uploads: UploadSlots;
}

const userAnswer = { 200: successEnvelope(userSchema) };

export const usersRoutes: FastifyPluginAsyncZod<UsersRouteDeps> = async (app, deps) => {
  const { users, requireAuth } = deps;

  app.get(
    '/profile',
    { preValidation: requireAuth, schema: { response: userAnswer } },
    async (request) => ok(await users.getProfile(authOf(request).userId)),
  );

  // Multipart (the spec's form with an optional avatar file) or plain JSON without a file.
  // Refusals are answered before the body is read, and the connection then closed.
  const profileRoute = {
    preValidation: requireAuth,
    onRequest: refuseDeclaredBodyOver(PROFILE_FORM_MAX_BYTES, AVATAR_RULES.imageTooLargeMessage),
    onSend: closeUnreadBody,
    schema: { response: userAnswer },
  };
  app.put('/', profileRoute, async (request) => {
    const userId = authOf(request).userId;
    let release: (() => void) | undefined;
    let file: ReceivedFile | undefined;
    try {
      const form = request.isMultipart()
        ? await readProfileForm(request, deps.uploadDir, async () => {
            release ??= await deps.uploads.acquire(userId);
          })
        : { fields: request.body, file: undefined };
      file = form.file;
      const parsed = profileUpdateInputSchema.safeParse(form.fields ?? {});
      if (!parsed.success)
        throw validationError(issuesOf(parsed.error), 'Please check your profile.');
      const user = await users.updateProfile(userId, parsed.data, file?.path);
      return ok(user, ACCOUNT_MESSAGES.profileUpdated);
    } finally {
      release?.();
      if (file) await rm(file.path, { force: true });
    }
  });

  app.delete(
    '/',
    {
      preValidation: requireAuth,
      schema: { body: deleteAccountInputSchema, response: { 200: successEnvelope(noDataSchema) } },
    },
    async (request, reply) => {
      await users.deleteAccount(authOf(request).userId, request.body.password);
      clearRefreshCookie(reply, deps.secureCookies);
      return ok(null, ACCOUNT_MESSAGES.accountDeleted);
    },
  );
};

async function readProfileForm(
  request: FastifyRequest,
  uploadDir: string,
  beforeFile: () => Promise<void>,
): Promise<{ fields: Record<string, string>; file: ReceivedFile | undefined }> {
  const fields: Record<string, string> = {};
  let file: ReceivedFile | undefined;
  try {
    for await (const part of request.parts({
      // One byte over the avatar limit, so receive-upload's own limit (with its message) acts.
      limits: { fileSize: AVATAR_RULES.imageMaxBytes + 1, files: 1, fields: 10, fieldSize: 4096 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' && part.fieldname !== 'image') {
          throw new AppError('BAD_REQUEST', 'Send the avatar in a part named "file".');
        }
        await beforeFile();
        // An empty part (an untouched file input) means "no new avatar".
        file = await receiveUpload(part, uploadDir, AVATAR_RULES);
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = refuseNul(part.value);
      }
    }
  } catch (err) {
    if (file) await rm(file.path, { force: true });
    if (err instanceof AppError) throw err;
    if (isTooLarge(err)) throw new AppError('PAYLOAD_TOO_LARGE', AVATAR_RULES.imageTooLargeMessage);
    throw new AppError('BAD_REQUEST', 'The profile form could not be read. Please try again.');
  }
  return { fields, file };
}
