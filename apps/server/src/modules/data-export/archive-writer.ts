import { PassThrough, type Readable } from 'node:stream';
import { DATA_ARCHIVE_JSON_NAME } from '@pbshare/shared';
import type { FastifyBaseLogger } from 'fastify';
import { ZipFile } from 'yazl';
import type { Storage } from '../../storage/storage.js';

/** A stored file and where it goes in the archive. */
export interface ArchiveFile {
  path: string;
  key: string;
}

/**
 * The archive as a stream, written while it is read: `pbshare.json` first (deflated), then each
 * stored file as it is (photos and videos are compressed already). yazl opens one file at a time,
 * only when the previous one is written out, and pipes it with back-pressure, so neither the
 * archive nor any file is ever held in memory, whatever the account holds.
 */
export function writeArchive(
  json: unknown,
  files: ArchiveFile[],
  storage: Storage,
  options: { mtime: Date; log: FastifyBaseLogger },
): Readable {
  const zip = new ZipFile();
  let reading: Readable | undefined;
  const output = new PassThrough();
  zip.outputStream.pipe(output);
  zip.on('error', (err: unknown) => {
    // The answer is under way: all that can be done is to cut it, so the download fails.
    options.log.error({ err }, 'the data export could not be written');
    output.destroy(err instanceof Error ? err : new Error('data export failed'));
  });
  // A client that goes away leaves the file being read open: close it, and yazl stops there.
  output.on('close', () => reading?.destroy());

  zip.addBuffer(Buffer.from(JSON.stringify(json, null, 2)), DATA_ARCHIVE_JSON_NAME, {
    mtime: options.mtime,
  });
  for (const file of files) {
    zip.addReadStreamLazy(file.path, { mtime: options.mtime, compress: false }, (done) => {
      try {
        reading = storage.read(file.key);
        done(null, reading);
      } catch (err) {
        done(err, undefined as unknown as Readable);
      }
    });
  }
  zip.end();
  return output;
}
