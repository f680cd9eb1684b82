import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.js';

export const NUL_MESSAGE = 'Text cannot contain the NUL character.';

/**
 * PostgreSQL refuses U+0000 in text while SQLite stores it, so the same input would be a 500 on one
 * database and a saved value on the other. Refusing it up front gives one answer on both: a 400
 * before any route reads the input. Multipart fields are read inside their routes, which pass them
 * through `refuseNul`; `isNulRefusal` lets the error handler answer 400 for anything still missed.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  // Callback form, not async: it runs on every request, and an async hook costs each one a
  // promise and a microtask hop.
  app.addHook('preValidation', (request, _reply, done) => {
    if (holdsNul(request)) {
      done(new AppError('VALIDATION_ERROR', NUL_MESSAGE));
      return;
    }
    done();
  });
}

function holdsNul(request: FastifyRequest): boolean {
  // Path parameters and the query are decoded from the URL, where a NUL can only be written as
  // %00 (Node's parser refuses a raw one; an injected request might carry one), so a URL with
  // neither needs no walk through them: the common case, on every request.
  const { url } = request;
  const fromUrl = url.includes('%00') || url.includes('\u0000');
  if (fromUrl && (containsNul(request.params) || containsNul(request.query))) return true;
  // A multipart body is still unread here (its routes stream it), so `body` is undefined.
  return request.body !== undefined && containsNul(request.body);
}

/** For text read outside the hook (multipart fields): the text itself, or the same 400. */
export function refuseNul(text: string): string {
  if (text.includes('\u0000')) throw new AppError('VALIDATION_ERROR', NUL_MESSAGE);
  return text;
}

/**
 * Walks strings, arrays and plain objects (keys too) with an explicit stack: a hostile body may
 * nest thousands of levels deep, which recursion would answer with a stack overflow (a 500).
 */
function containsNul(root: unknown): boolean {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true;
    } else if (Array.isArray(value)) {
      for (const item of value as unknown[]) pending.push(item);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key.includes('\u0000')) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/** PostgreSQL's SQLSTATE for a character it cannot store in text (22021) or convert (22P05). */
export function isNulRefusal(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '22021' || code === '22P05';
}
