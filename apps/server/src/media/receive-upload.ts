import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AVATAR_MAX_BYTES,
  IMAGE_MAX_BYTES,
  MEDIA_MESSAGES,
  VIDEO_MAX_BYTES,
} from '@pbshare/shared';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../errors/app-error.js';

export const IMAGE_MIME_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
];
export const VIDEO_MIME_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'];
export const NOT_MEDIA_MESSAGE = MEDIA_MESSAGES.notMedia;
export const VIDEO_TOO_LARGE_MESSAGE = MEDIA_MESSAGES.videoTooLarge;

/** What file-type needs to recognise every format we accept. */
const SNIFF_BYTES = 4100;

/** What one file part may be, and what to say when it is not. */
export interface UploadRules {
  acceptVideo: boolean;
  imageMaxBytes: number;
  imageTooLargeMessage: string;
  notAcceptedMessage: string;
}

export const PB_FILE_RULES: UploadRules = {
  acceptVideo: true,
  imageMaxBytes: IMAGE_MAX_BYTES,
  imageTooLargeMessage: MEDIA_MESSAGES.imageTooLarge,
  notAcceptedMessage: NOT_MEDIA_MESSAGE,
};

export const POSTER_RULES: UploadRules = {
  ...PB_FILE_RULES,
  acceptVideo: false,
  notAcceptedMessage: 'Please choose an image for the poster.',
};

export const AVATAR_RULES: UploadRules = {
  acceptVideo: false,
  imageMaxBytes: AVATAR_MAX_BYTES,
  imageTooLargeMessage: MEDIA_MESSAGES.avatarTooLarge,
  notAcceptedMessage: MEDIA_MESSAGES.notImage,
};

/** The largest file part any rule accepts: what busboy's own limit is set just above. */
export const LARGEST_FILE_BYTES = VIDEO_MAX_BYTES;

/** Room for a form's text fields and part headers, on top of its files. */
const FORM_OVERHEAD_BYTES = 1024 * 1024;

/** The largest PB form: a video, its poster and the fields. A longer Content-Length is refused. */
export const PB_FORM_MAX_BYTES = VIDEO_MAX_BYTES + IMAGE_MAX_BYTES + FORM_OVERHEAD_BYTES;

/** The largest profile form: an avatar and the fields. */
export const PROFILE_FORM_MAX_BYTES = AVATAR_MAX_BYTES + FORM_OVERHEAD_BYTES;

export interface ReceivedFile {
  path: string;
  size: number;
  mime: string;
  kind: 'image' | 'video';
  /** The extension we store it under, from the sniffed type (never the client's file name). */
  ext: string;
}

/** A file's bytes: a multipart file part, or any stream (such as an entry of an imported archive). */
export interface FileSource {
  file: Readable & { truncated?: boolean };
}

/**
 * Streams one uploaded file to a temp file under `tmpDir` without holding it in memory. The real
 * type is read from the first bytes; the size limit for that type is enforced while the bytes
 * arrive. On any refusal the partial file is removed and the error thrown at once: the rest of
 * the body is not waited for (the route answers and closes the connection, see upload-body.ts).
 * An empty part is no file at all (undefined).
 */
export async function receiveUpload(
  part: FileSource,
  tmpDir: string,
  rules: UploadRules,
): Promise<ReceivedFile | undefined> {
  await mkdir(tmpDir, { recursive: true });
  const path = join(tmpDir, `${randomUUID()}.upload`);
  const gate = new SniffAndLimit(rules);
  try {
    await pipeline(part.file, gate, createWriteStream(path));
    if (part.file.truncated) throw tooLarge(gate.detected?.kind ?? 'video', rules);
    if (gate.bytes === 0) {
      // What a browser sends for a file input left untouched: no file, not a bad one.
      await rm(path, { force: true });
      return undefined;
    }
    if (!gate.detected) throw new AppError('UNSUPPORTED_MEDIA_TYPE', rules.notAcceptedMessage);
    return { path, size: gate.bytes, ...gate.detected };
  } catch (err) {
    await rm(path, { force: true });
    if (err instanceof AppError) throw err;
    if (part.file.truncated || isTooLarge(err)) throw tooLarge('video', rules);
    throw err;
  }
}

/** Whether a multipart error is @fastify/multipart refusing a part over its size limit. */
export function isTooLarge(err: unknown): boolean {
  return (
    typeof err === 'object' && err !== null && (err as { statusCode?: number }).statusCode === 413
  );
}

function tooLarge(kind: 'image' | 'video', rules: UploadRules): AppError {
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    kind === 'image' ? rules.imageTooLargeMessage : VIDEO_TOO_LARGE_MESSAGE,
  );
}

class SniffAndLimit extends Transform {
  bytes = 0;
  detected: { mime: string; kind: 'image' | 'video'; ext: string } | undefined;
  private head: Buffer[] = [];
  private headBytes = 0;
  private limit = VIDEO_MAX_BYTES;

  constructor(private readonly rules: UploadRules) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.detected) {
      if (this.bytes > this.limit) {
        done(tooLarge(this.detected.kind, this.rules));
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
    if (this.detected || this.bytes === 0) {
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
    if (!type || !(isImage || (isVideo && this.rules.acceptVideo))) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', this.rules.notAcceptedMessage);
    }
    this.detected = { mime: type.mime, kind: isImage ? 'image' : 'video', ext: type.ext };
    this.limit = isImage ? this.rules.imageMaxBytes : VIDEO_MAX_BYTES;
    if (this.bytes > this.limit) throw tooLarge(this.detected.kind, this.rules);
    this.push(head);
  }
}
