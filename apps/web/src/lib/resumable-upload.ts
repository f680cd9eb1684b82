import { DEFAULT_ERROR_MESSAGE, type ErrorCode } from '@pbshare/shared';
import { DetailedError, Upload, type HttpRequest, type HttpResponse } from 'tus-js-client';

import {
  ApiError,
  isApiError,
  NETWORK_ERROR_MESSAGE,
  readEnvelope,
  settleEnvelope,
  type ApiClient,
} from './api-client';
import { apiClient } from './session-api-client';

/** The API's tus 1.0 endpoint (creation and termination). */
const UPLOADS_PATH = '/uploads';
/** Small enough that a drop loses little, large enough that a 300 MB video is about 40 requests. */
export const CHUNK_SIZE = 8 * 1024 * 1024;
/** The waits before each new try while the upload cannot go on; the last one repeats. */
export const RETRY_DELAYS_MS = [1000, 2000, 5000, 10_000, 20_000, 30_000] as const;
/** Answers in a row that say "later" (409, 423, 429, 5xx) before the upload gives up. */
const MAX_REFUSALS = RETRY_DELAYS_MS.length;
/** How much of a prepared file's start and of its end its fingerprint reads. */
const SAMPLE_BYTES = 64 * 1024;

/** The codes the API's envelope would carry, for an answer whose body is not one (a proxy's). */
const CODE_OF_STATUS: Partial<Record<number, ErrorCode>> = {
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
};

export interface ResumableUploadOptions {
  /** The account the upload belongs to: part of its fingerprint, so no other account resumes it. */
  userId: string;
  /** Whole percentages of the bytes the server has acknowledged. */
  onProgress?: (percent: number) => void;
  /** The server cannot be reached: the upload waits and tries again, it does not fail. */
  onConnectionLost?: () => void;
  /** The server answers again after `onConnectionLost`. */
  onResumed?: () => void;
  /** Stops the upload and deletes what the server has of it; the call rejects with an AbortError. */
  signal?: AbortSignal;
  /**
   * The picked file that `file` was made from on the device. A prepared file is new each time
   * (its lastModified is now), so the pick names the upload across a reload, with the prepared
   * file's size and a digest of its ends so that a preparation that came out differently never
   * continues another one's bytes.
   */
  preparedFrom?: File;
  /** The client whose session the upload takes part in (the app's by default). */
  client?: ApiClient;
}

export interface ResumableUploadResult {
  /** The id the save sends in place of the file. */
  uploadId: string;
}

/**
 * A non-2xx answer taken out of tus-js-client's hands: on a HEAD that is not 2xx it would forget
 * the upload and create a new one, starting from zero, where a 401 or a 503 only asks to wait.
 */
class Refusal extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, body: string) {
    super(`The upload server answered ${status}`);
    this.status = status;
    this.body = body;
  }
}

/** A 401 after the token had already worked in this run: it expired on the way. */
class TokenExpired extends Error {}

/**
 * Sends `file` to the API over tus in 8 MiB chunks and resolves with the upload's id once the
 * server has every byte. A lost connection never fails it: it says so, waits for the browser to
 * be online again or for a backoff, and continues from the last byte the server stored. The same
 * file picked again after a reload continues the earlier upload. The session works as for any
 * call: the token goes on every request, a 401 refreshes it once and a 403 ends the session.
 * A refusal (other than 401, 409, 423 and 429, and server errors, which are tried again a few
 * times) rejects with the API's ApiError.
 */
export async function uploadResumably(
  file: File,
  options: ResumableUploadOptions,
): Promise<ResumableUploadResult> {
  const { userId, onProgress, onConnectionLost, onResumed, signal, preparedFrom } = options;
  const client = options.client ?? apiClient;
  signal?.throwIfAborted();

  // An object, not `let`s: the handlers below set these out of the type checker's sight.
  const current = {
    token: null as string | null,
    /** Whether the server took a request of the current run: its token works. */
    answered: false,
    /** The offset the PATCH on the wire starts at. */
    chunkStart: 0,
  };
  let connectionLost = false;
  let waits = 0;
  let refusals = 0;
  let shownPercent = -1;
  let settle: { resolve: () => void; reject: (error: Error) => void } | undefined;

  const report = (acknowledged: number) => {
    const percent = file.size === 0 ? 100 : Math.floor((acknowledged / file.size) * 100);
    if (percent === shownPercent) return;
    // Bytes moved: the next trouble starts its waits from the shortest again.
    if (percent > shownPercent) {
      waits = 0;
      refusals = 0;
    }
    shownPercent = percent;
    onProgress?.(percent);
  };

  /** A HEAD answering is not enough: a drop often lets it through and fails the next PATCH. */
  const bytesFlow = () => {
    if (!connectionLost) return;
    connectionLost = false;
    onResumed?.();
  };

  const fingerprint = await uploadFingerprint(file, userId, preparedFrom);
  const upload = new Upload(file, {
    endpoint: new URL(client.url(UPLOADS_PATH), window.location.href).href,
    chunkSize: CHUNK_SIZE,
    // The retries are this module's: tus-js-client's give up after a few tries.
    retryDelays: null,
    metadata: { filename: file.name, filetype: file.type },
    fingerprint: () => Promise.resolve(fingerprint),
    removeFingerprintOnSuccess: true,
    onBeforeRequest: (request: HttpRequest) => {
      if (current.token) request.setHeader('Authorization', `Bearer ${current.token}`);
      if (request.getMethod() === 'PATCH') {
        current.chunkStart = Number(request.getHeader('Upload-Offset') ?? 0);
      }
    },
    // Counts only bytes going out: tus-js-client also reports the chunk's start as it begins.
    onProgress: (bytesSent: number) => {
      if (bytesSent > current.chunkStart) bytesFlow();
    },
    onAfterResponse: (request: HttpRequest, response: HttpResponse) => {
      const status = response.getStatus();
      if (status >= 200 && status < 300) {
        current.answered = true;
        if (request.getMethod() === 'PATCH') bytesFlow();
        const offset = Number.parseInt(response.getHeader('Upload-Offset') ?? '', 10);
        if (Number.isFinite(offset)) report(offset);
        return;
      }
      // An upload the server no longer has (unknown, swept, expired): tus-js-client starts anew.
      if (request.getMethod() === 'HEAD' && (status === 404 || status === 410)) return;
      throw new Refusal(status, response.getBody());
    },
    onSuccess: () => {
      bytesFlow();
      settle?.resolve();
    },
    onError: (error) => settle?.reject(failureOf(error)),
  });

  /** One run of the upload with `accessToken`, until it is done or something stops it. */
  const run = async (accessToken: string | null) => {
    try {
      await new Promise<void>((resolve, reject) => {
        settle = { resolve, reject };
        current.token = accessToken;
        current.answered = false;
        upload.start();
      });
    } catch (error) {
      if (current.answered && isApiError(error) && error.status === 401) throw new TokenExpired();
      throw error;
    }
  };

  let stopListening: () => void = () => undefined;
  const stopped = new Promise<never>((_resolve, reject) => {
    if (!signal) return;
    // Aborted while the fingerprint was read: nothing has gone out yet.
    if (signal.aborted) {
      reject(abortReason(signal));
      return;
    }
    const onAbort = () => {
      // Terminated so the server frees the space at once; a failure leaves it to the 24 h sweep.
      upload.abort(true).catch(() => undefined);
      reject(abortReason(signal));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    stopListening = () => {
      signal.removeEventListener('abort', onAbort);
    };
  });
  stopped.catch(() => undefined);

  try {
    const previous = await Promise.race([upload.findPreviousUploads(), stopped]);
    const latest = [...previous].sort(
      (a, b) => Date.parse(b.creationTime) - Date.parse(a.creationTime),
    )[0];
    if (latest) upload.resumeFromPreviousUpload(latest);
    report(0);

    for (;;) {
      try {
        await Promise.race([client.withSession(UPLOADS_PATH, run), stopped]);
        return { uploadId: uploadIdOf(upload.url) };
      } catch (error) {
        if (signal?.aborted) throw abortReason(signal);
        if (error instanceof TokenExpired) continue;
        if (isApiError(error) && error.status === 0) {
          if (!connectionLost) {
            connectionLost = true;
            onConnectionLost?.();
          }
        } else if (!(isTryLater(error) && refusals++ < MAX_REFUSALS)) {
          throw error;
        }
        const delay = RETRY_DELAYS_MS[Math.min(waits, RETRY_DELAYS_MS.length - 1)] ?? 0;
        waits += 1;
        await Promise.race([untilOnlineOr(delay, signal), stopped]);
      }
    }
  } finally {
    stopListening();
  }
}

/**
 * The key under which tus-js-client keeps an unfinished upload's address in localStorage: the
 * account, then the picked file's name, size, lastModified and type (and for a prepared file
 * its size and the digest of its ends).
 */
export async function uploadFingerprint(
  file: File,
  userId: string,
  preparedFrom?: File,
): Promise<string> {
  const picked = preparedFrom ?? file;
  const parts = [userId, picked.name, picked.size, picked.lastModified, picked.type];
  if (preparedFrom && preparedFrom !== file) parts.push(file.size, await endsDigest(file));
  return ['pbshare', ...parts].map((part) => encodeURIComponent(String(part))).join('/');
}

/** FNV-1a over the file's first and last 64 KiB: cheap, and differs for another encoding. */
async function endsDigest(file: Blob): Promise<string> {
  const head = file.slice(0, SAMPLE_BYTES);
  const tail = file.slice(Math.max(SAMPLE_BYTES, file.size - SAMPLE_BYTES));
  let hash = 0x811c9dc5;
  for (const part of [head, tail]) {
    for (const byte of new Uint8Array(await part.arrayBuffer())) {
      hash = Math.imul(hash ^ byte, 0x01000193);
    }
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** What a tus-js-client error stands for: no answer, the server's refusal, or a local failure. */
function failureOf(error: Error): Error {
  if (!(error instanceof DetailedError)) return error;
  if (error.causingError instanceof Refusal) {
    return answerError(error.causingError.status, error.causingError.body);
  }
  // A 2xx answer without the headers tus needs: the server is not right, try again later.
  if (error.originalResponse) return new ApiError(DEFAULT_ERROR_MESSAGE, { status: 502 });
  return new ApiError(NETWORK_ERROR_MESSAGE, { status: 0 });
}

/** A refusal as the api client's ApiError: the envelope's message, status and code. */
function answerError(status: number, body: string): ApiError {
  let error = new ApiError(DEFAULT_ERROR_MESSAGE, { status });
  try {
    settleEnvelope({ ok: false, status }, readEnvelope(status, body));
  } catch (thrown) {
    if (isApiError(thrown)) error = thrown;
  }
  const code = error.code ?? CODE_OF_STATUS[error.status];
  return new ApiError(error.message, { status: error.status, code, issues: error.issues });
}

/** Answers that ask to come back later: a wrong offset, a lock, too many uploads, a server down. */
function isTryLater(error: unknown): boolean {
  return isApiError(error) && ([409, 423, 429].includes(error.status) || error.status >= 500);
}

/** Resolves after `ms`, or sooner when the browser says it is online again. */
function untilOnlineOr(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      window.clearTimeout(timer);
      window.removeEventListener('online', done);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = window.setTimeout(done, ms);
    window.addEventListener('online', done);
    signal?.addEventListener('abort', done);
  });
}

/** The id at the end of the upload's address (`/v1/uploads/<id>`). */
function uploadIdOf(url: string | null): string {
  const id = url ? new URL(url).pathname.split('/').filter(Boolean).at(-1) : undefined;
  if (!id) throw new Error('The finished upload has no address');
  return decodeURIComponent(id);
}

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error
    ? signal.reason
    : new DOMException('The upload was aborted', 'AbortError');
}
