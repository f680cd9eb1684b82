import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { IMAGE_MAX_BYTES, VIDEO_MAX_BYTES } from '@pbshare/shared';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../http/app-error.js';

export const IMAGE_MIME_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
];
export const VIDEO_MIME_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'];
export const NOT_MEDIA_MESSAGE = 'Please select an image or video file.';

/** What file-type needs to recognise every format we accept. */
const SNIFF_BYTES = 4100;

export interface ReceivedFile {
  path: string;
  size: number;
  mime: string;
  kind: 'image' | 'video';
  /** The extension we store it under, from the sniffed type (never the client's file name). */
  ext: string;
}

/**
 * Streams one uploaded file to a temp file under `tmpDir` without holding it in memory. The real
 * type is read from the first bytes; the size limit for that type (images 20 MB, videos 100 MB)
 * is enforced while the bytes arrive. On any refusal the partial file is removed and the rest of
 * the part is drained, so the client gets the answer instead of a reset connection.
 */
export async function receiveUpload(
  part: MultipartFile,
  tmpDir: string,
  accept: 'image-or-video' | 'image',
): Promise<ReceivedFile> {
  await mkdir(tmpDir, { recursive: true });
  const path = join(tmpDir, `${randomUUID()}.upload`);
  const gate = new SniffAndLimit(accept);
  try {
    await pipeline(part.file, gate, createWriteStream(path));
    if (part.file.truncated) throw tooLarge('video');
    if (!gate.detected) throw new AppError('UNSUPPORTED_MEDIA_TYPE', NOT_MEDIA_MESSAGE);
    return { path, size: gate.bytes, ...gate.detected };
  } catch (err) {
    await rm(path, { force: true });
    part.file.resume();
    if (!part.file.readableEnded) await new Promise((done) => part.file.once('end', done));
    if (err instanceof AppError) throw err;
    if (part.file.truncated || isTooLarge(err)) {
      throw tooLarge('video');
    }
    throw err;
  }
}

/** Whether a multipart error is @fastify/multipart refusing a part over its size limit. */
export function isTooLarge(err: unknown): boolean {
  return (
    typeof err === 'object' && err !== null && (err as { statusCode?: number }).statusCode === 413
  );
}

function tooLarge(kind: 'image' | 'video'): AppError {
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    kind === 'image' ? 'Images can be at most 20 MB.' : 'Videos can be at most 100 MB.',
  );
}

class SniffAndLimit extends Transform {
  bytes = 0;
  detected: { mime: string; kind: 'image' | 'video'; ext: string } | undefined;
  private head: Buffer[] = [];
  private headBytes = 0;
  private limit = VIDEO_MAX_BYTES;

  constructor(private readonly accept: 'image-or-video' | 'image') {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.detected) {
      if (this.bytes > this.limit) {
        done(tooLarge(this.detected.kind));
        return;
      }
      done(null, chunk);
      return;
    }
    this.head.push(chunk);
    this.headBytes += chunk.length;
    if (this.headBytes < SNIFF_BYTES) {
      done();
      return;
    }
    this.decide().then(() => {
      done();
    }, done);
  }

  override _flush(done: TransformCallback): void {
    if (this.detected) {
      done();
      return;
    }
    this.decide().then(() => {
      done();
    }, done);
  }

  private async decide(): Promise<void> {
    const head = Buffer.concat(this.head);
    this.head = [];
    const type = await fileTypeFromBuffer(head);
    const isImage = type !== undefined && IMAGE_MIME_TYPES.includes(type.mime);
    const isVideo = type !== undefined && VIDEO_MIME_TYPES.includes(type.mime);
    if (!type || !(isImage || (isVideo && this.accept === 'image-or-video'))) {
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        this.accept === 'image' ? 'Please choose an image for the poster.' : NOT_MEDIA_MESSAGE,
      );
    }
    this.detected = { mime: type.mime, kind: isImage ? 'image' : 'video', ext: type.ext };
    this.limit = isImage ? IMAGE_MAX_BYTES : VIDEO_MAX_BYTES;
    if (this.bytes > this.limit) throw tooLarge(this.detected.kind);
    this.push(head);
  }
}
