import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { PassThrough, Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { MEDIA_URL_PREFIX } from './local-storage.js';
import {
  IMMUTABLE_CACHE_CONTROL,
  assertSafeKey,
  type OpenedObject,
  type Storage,
  type StoredObject,
} from './storage.js';

export interface S3StorageConfig {
  bucket: string;
  region: string;
  /** An S3-compatible service's address; unset for AWS itself. */
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle: boolean;
  /** A CDN or bucket base URL that media URLs point at; unset means /media streams from the bucket. */
  publicUrl?: string | undefined;
}

// Big enough that a 300 MB video is a few dozen parts, small enough that two in flight stay a few MB.
const PART_SIZE = 8 * 1024 * 1024;

/**
 * Media in an S3 bucket. Uploads stream from the finished temp file in parts (never a whole video
 * in memory) and remove it after; reads stream the object's body.
 */
export class S3Storage implements Storage {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly publicUrl: string | undefined;

  constructor(config: S3StorageConfig) {
    this.bucket = config.bucket;
    this.publicUrl = config.publicUrl?.replace(/\/+$/, '');
    this.client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      forcePathStyle: config.forcePathStyle,
      ...(config.accessKeyId && config.secretAccessKey
        ? {
            credentials: {
              accessKeyId: config.accessKeyId,
              secretAccessKey: config.secretAccessKey,
            },
          }
        : {}),
      // The SDK's default adds a CRC32 trailer to every upload, which streamed bodies of unknown
      // length and several S3-compatible services do not accept.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: data,
        ContentType: contentType,
        CacheControl: IMMUTABLE_CACHE_CONTROL,
      }),
    );
  }

  async putFile(key: string, sourcePath: string, contentType: string): Promise<void> {
    assertSafeKey(key);
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: key,
        Body: createReadStream(sourcePath),
        ContentType: contentType,
        CacheControl: IMMUTABLE_CACHE_CONTROL,
      },
      partSize: PART_SIZE,
      queueSize: 2,
      leavePartsOnError: false,
    });
    await upload.done();
    await rm(sourcePath, { force: true });
  }

  async copy(fromKey: string, toKey: string): Promise<void> {
    assertSafeKey(fromKey);
    assertSafeKey(toKey);
    // Server-side, metadata (content type, caching) copied with the bytes. Safe keys need no
    // escaping in the copy source.
    await this.client.send(
      new CopyObjectCommand({
        Bucket: this.bucket,
        Key: toKey,
        CopySource: `${this.bucket}/${fromKey}`,
      }),
    );
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    // S3 answers 204 for a key that is not there, so a missing object is no error here either.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  read(key: string): Readable {
    assertSafeKey(key);
    const out = new PassThrough();
    this.open(key).then(
      (opened) => {
        if (!opened) {
          out.destroy(Object.assign(new Error(`no such media: ${key}`), { code: 'ENOENT' }));
          return;
        }
        opened.body.on('error', (err) => out.destroy(err));
        opened.body.pipe(out);
      },
      (err: unknown) => out.destroy(err as Error),
    );
    return out;
  }

  async size(key: string): Promise<number | undefined> {
    assertSafeKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength;
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  /**
   * The object for an HTTP answer: `range` is a client's Range header value (checked by the
   * caller), `ifNoneMatch` its validator. Undefined when there is no such object.
   */
  async open(
    key: string,
    request: { range?: string | undefined; ifNoneMatch?: string | undefined } = {},
  ): Promise<OpenedObject | undefined> {
    assertSafeKey(key);
    try {
      const got = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: request.range,
          IfNoneMatch: request.ifNoneMatch,
        }),
      );
      return {
        status: got.ContentRange ? 206 : 200,
        body: got.Body instanceof Readable ? got.Body : Readable.from([]),
        size: totalSize(got.ContentRange) ?? got.ContentLength ?? 0,
        contentLength: got.ContentLength ?? 0,
        contentRange: got.ContentRange,
        contentType: got.ContentType ?? 'application/octet-stream',
        etag: got.ETag,
        lastModified: got.LastModified,
      };
    } catch (err) {
      if (isNotFound(err)) return undefined;
      const status = err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined;
      if (status === 304 || status === 416) {
        return {
          status,
          body: Readable.from([]),
          size: status === 416 ? ((await this.size(key)) ?? 0) : 0,
          contentLength: 0,
          contentRange: undefined,
          contentType: 'application/octet-stream',
          etag: request.ifNoneMatch,
          lastModified: undefined,
        };
      }
      throw err;
    }
  }

  async *list(): AsyncIterable<StoredObject> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }),
      );
      for (const item of page.Contents ?? []) {
        if (item.Key) {
          yield { key: item.Key, modifiedAt: item.LastModified?.getTime() ?? 0 };
        }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  url(key: string): string {
    return this.publicUrl ? `${this.publicUrl}/${key}` : `${MEDIA_URL_PREFIX}${key}`;
  }

  keyOf(url: string): string | undefined {
    const prefix = this.publicUrl ? `${this.publicUrl}/` : MEDIA_URL_PREFIX;
    return url.startsWith(prefix) ? url.slice(prefix.length) : undefined;
  }

  /** Checks that the bucket answers, for /readyz. */
  async ping(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  destroy(): void {
    this.client.destroy();
  }
}

function isNotFound(err: unknown): boolean {
  return (
    err instanceof S3ServiceException &&
    (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404)
  );
}

/** 'bytes 0-99/1234' -> 1234. */
function totalSize(contentRange: string | undefined): number | undefined {
  const total = contentRange?.split('/')[1];
  return total && total !== '*' ? Number(total) : undefined;
}
