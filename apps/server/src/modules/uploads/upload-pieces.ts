import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { UPLOADS_PREFIX, type Storage } from '../../storage/storage.js';

/**
 * An upload's bytes, as pieces in the media store: each PATCH (or what arrived of it before the
 * connection dropped) becomes one object `uploads/<id>/<offset>-<token>.part`. Writing whole
 * objects works the same on local disk and in a bucket, where no object can be appended to; the
 * token keeps two writers at the same offset (two processes of a fleet) from overwriting each
 * other, and the database row says which piece won.
 */
export class UploadPieces {
  constructor(
    private readonly storage: Storage,
    private readonly tmpDir: string,
  ) {}

  pieceName(offset: number): string {
    return `${offset}-${randomUUID()}`;
  }

  keyOf(id: string, name: string): string {
    return `${UPLOADS_PREFIX}${id}/${name}.part`;
  }

  /**
   * Streams `source` to a temp file (memory stays flat whatever the size) and stores what
   * arrived as the piece `name`, also when the source failed midway: bytes the server received
   * are never asked for again. Returns the bytes stored and the source's error, if any.
   */
  async store(
    id: string,
    name: string,
    source: Readable,
  ): Promise<{ bytes: number; error: unknown }> {
    await mkdir(this.tmpDir, { recursive: true });
    // `.upload` so the stale temp-file sweep removes it if this process dies mid-write.
    const path = join(this.tmpDir, `${randomUUID()}.upload`);
    try {
      const { bytes, error } = await keepWhatArrives(source, path);
      if (bytes > 0) {
        await this.storage.putFile(this.keyOf(id, name), path, 'application/octet-stream');
      }
      return { bytes, error };
    } finally {
      await rm(path, { force: true });
    }
  }

  /** The whole upload: its pieces, in order, as one stream. */
  read(id: string, names: readonly string[]): Readable {
    const { storage } = this;
    const keys = names.map((name) => this.keyOf(id, name));
    return Readable.from(
      (async function* pieces() {
        for (const key of keys) yield* storage.read(key);
      })(),
    );
  }

  async remove(id: string, names: readonly string[]): Promise<void> {
    for (const name of names) await this.storage.delete(this.keyOf(id, name));
  }
}

/**
 * Writes `source` to `path` until it ends or fails. On a failure (the client went away) the file
 * is ended, not destroyed, so every byte already read reaches the disk and counts.
 */
function keepWhatArrives(
  source: Readable,
  path: string,
): Promise<{ bytes: number; error: unknown }> {
  return new Promise((resolve) => {
    const out = createWriteStream(path);
    let error: unknown;
    const stop = () => {
      source.unpipe(out);
      if (!out.writableEnded) out.end();
    };
    source.once('error', (err) => {
      error = err;
      stop();
    });
    source.once('close', stop);
    out.once('close', () => {
      resolve({ bytes: out.bytesWritten, error });
    });
    out.once('error', (err) => {
      error ??= err;
    });
    source.pipe(out);
  });
}
