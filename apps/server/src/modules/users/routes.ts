import type { MultipartFile } from '@fastify/multipart';
import {
  AVATAR_MAX_BYTES,
  deleteAccountInputSchema,
  profileUpdateInputSchema,
} from '@pbshare/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, issuesOf, validationError } from '../../http/app-error.js';
import { authOf, type RequireAuth } from '../../http/auth-guard.js';
import { ok } from '../../http/envelope.js';
import { isTooLarge } from '../../media/receive-upload.js';
import { clearRefreshCookie } from '../auth/refresh-cookie.js';
import type { UsersService } from './service.js';

export interface UsersRouteDeps {
  users: UsersService;
  requireAuth: RequireAuth;
  secureCookies: boolean;
}

export const usersRoutes: FastifyPluginAsyncZod<UsersRouteDeps> = async (app, deps) => {
  const { users, requireAuth } = deps;

  app.get('/profile', { preValidation: requireAuth }, async (request) =>
    ok(await users.getProfile(authOf(request).userId)),
  );

  // Multipart (the spec's form with an optional avatar file) or plain JSON without a file.
  app.put('/', { preValidation: requireAuth }, async (request) => {
    const { fields, file } = request.isMultipart()
      ? await readProfileForm(request)
      : { fields: request.body, file: undefined };
    const parsed = profileUpdateInputSchema.safeParse(fields ?? {});
    if (!parsed.success)
      throw validationError(issuesOf(parsed.error), 'Please check your profile.');
    const user = await users.updateProfile(authOf(request).userId, parsed.data, file);
    return ok(user, 'Profile updated successfully!');
  });

  app.delete(
    '/',
    { preValidation: requireAuth, schema: { body: deleteAccountInputSchema } },
    async (request, reply) => {
      await users.deleteAccount(authOf(request).userId, request.body.password);
      clearRefreshCookie(reply, deps.secureCookies);
      return ok(null, 'Your account has been deleted.');
    },
  );
};

async function readProfileForm(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; file: Buffer | undefined }> {
  const fields: Record<string, string> = {};
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 10, fieldSize: 4096 },
    })) {
      if (part.type === 'file') {
        file = await readImagePart(part);
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (isTooLarge(err))
      throw new AppError('PAYLOAD_TOO_LARGE', 'Your image must be 10 MB or less.');
    throw new AppError('BAD_REQUEST', 'The profile form could not be read. Please try again.');
  }
  return { fields, file };
}

async function readImagePart(part: MultipartFile): Promise<Buffer | undefined> {
  if (part.fieldname !== 'file' && part.fieldname !== 'image') {
    part.file.resume();
    throw new AppError('BAD_REQUEST', 'Send the avatar in a part named "file".');
  }
  const data = await part.toBuffer();
  // An empty file part means "no new avatar", as browsers send for an untouched file input.
  return data.length > 0 ? data : undefined;
}
