import {
  ApiError,
  envelopeMessage,
  NETWORK_ERROR_MESSAGE,
  readEnvelope,
  settleEnvelope,
  type ApiClient,
} from './api-client';
import { apiClient } from './session-api-client';

/** A successful upload's answer: the envelope's data and its message (shown to the user). */
export interface UploadResult<T> {
  data: T;
  message: string;
}

/** How far an upload's body has gone: bytes sent out of the total (0-100). */
export type UploadProgressListener = (percent: number) => void;

export interface UploadOptions<T> {
  method?: 'POST' | 'PUT' | 'PATCH';
  /** Called as the request body goes out, with a whole percentage (0-100). */
  onProgress?: UploadProgressListener;
  signal?: AbortSignal;
  /** Checks and narrows the envelope's data, as in `apiClient.request`. */
  parse?: (data: unknown) => T;
  /** The client whose session the upload takes part in (the app's by default). */
  client?: ApiClient;
  /** Sent as `Idempotency-Key`, the same on the retry after a session refresh. */
  idempotencyKey?: string;
}

/**
 * Sends a multipart form to the API with XMLHttpRequest, which (unlike fetch) reports upload
 * progress. Everything else is the api client's: the Bearer token, the envelope and its ApiError,
 * and on a 401 UNAUTHORIZED one refresh and one retry (progress then starts again from 0).
 */
export function uploadWithProgress<T = unknown>(
  path: string,
  body: FormData,
  {
    method = 'POST',
    onProgress,
    signal,
    parse,
    client = apiClient,
    idempotencyKey,
  }: UploadOptions<T> = {},
): Promise<UploadResult<T>> {
  const url = client.url(path);
  return client.withSession(path, (accessToken) =>
    sendOnce(url, body, { method, accessToken, onProgress, signal, parse, idempotencyKey }),
  );
}

function sendOnce<T>(
  url: string,
  body: FormData,
  {
    method,
    accessToken,
    onProgress,
    signal,
    parse,
    idempotencyKey,
  }: {
    method: string;
    accessToken: string | null;
    onProgress?: UploadProgressListener;
    signal?: AbortSignal;
    parse?: (data: unknown) => T;
    idempotencyKey?: string | undefined;
  },
): Promise<UploadResult<T>> {
  return new Promise<UploadResult<T>>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError(signal));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    if (accessToken) xhr.setRequestHeader('Authorization', `Bearer ${accessToken}`);
    if (idempotencyKey) xhr.setRequestHeader('Idempotency-Key', idempotencyKey);

    const onAbort = () => {
      xhr.abort();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => {
      signal?.removeEventListener('abort', onAbort);
    };

    if (onProgress) {
      onProgress(0);
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable && event.total > 0) {
          onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
        }
      });
    }

    xhr.addEventListener('load', () => {
      done();
      try {
        const ok = xhr.status >= 200 && xhr.status < 300;
        const envelope = readEnvelope(xhr.status, xhr.responseText);
        const data = settleEnvelope({ ok, status: xhr.status }, envelope, parse);
        resolve({ data, message: envelope ? envelopeMessage(envelope) : '' });
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    xhr.addEventListener('error', () => {
      done();
      reject(new ApiError(NETWORK_ERROR_MESSAGE, { status: 0 }));
    });
    xhr.addEventListener('abort', () => {
      done();
      reject(
        signal ? abortError(signal) : new DOMException('The upload was aborted', 'AbortError'),
      );
    });

    // The browser sets the multipart boundary itself.
    xhr.send(body);
  });
}

function abortError(signal: AbortSignal): Error {
  return signal.reason instanceof Error
    ? signal.reason
    : new DOMException('The upload was aborted', 'AbortError');
}
