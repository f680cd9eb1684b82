// A PB saved the resumable way, as a Node client does it: the file sent over tus 1.0 to
// /v1/uploads in 8 MiB chunks (tus-js-client), then POST /v1/pbs naming the upload's id in
// `uploadId` in place of a file part.
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { Upload } from 'tus-js-client';
import { MB } from './harness.mjs';

/** What the web app sends too: a drop loses little, a 300 MB video is about 40 requests. */
export const TUS_CHUNK_BYTES = 8 * MB;

/**
 * Sends the file at `path` and resolves with the upload's id once the server has every byte.
 * No retries: on loopback a failure is a fault the bench should show, not hide.
 */
export function tusUpload(server, auth, path, type = 'video/mp4') {
  return new Promise((resolve, reject) => {
    const upload = new Upload(createReadStream(path), {
      endpoint: `${server.base}/v1/uploads`,
      chunkSize: TUS_CHUNK_BYTES,
      retryDelays: null,
      headers: auth,
      metadata: { filename: basename(path), filetype: type },
      storeFingerprintForResuming: false,
      onSuccess: () => {
        const id = new URL(upload.url ?? '', server.base).pathname.split('/').at(-1);
        if (id) resolve(id);
        else reject(new Error(`the finished upload has no id (Location: ${upload.url})`));
      },
      onError: reject,
    });
    upload.start();
  });
}

/** POST /v1/pbs with the PB's text fields and `uploadId`: the HTTP status and the envelope. */
export async function saveFromUpload(server, auth, uploadId, fields) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...fields, uploadId })) form.append(name, value);
  const res = await fetch(`${server.base}/v1/pbs`, { method: 'POST', headers: auth, body: form });
  return { status: res.status, body: await res.json() };
}
