import type { Readable } from 'node:stream';
import {
  DATA_ARCHIVE_JSON_MAX_BYTES,
  DATA_ARCHIVE_JSON_NAME,
  DATA_ARCHIVE_MAX_BYTES,
  DATA_ARCHIVE_MAX_ENTRIES,
  DATA_ARCHIVE_MAX_RATIO,
  DATA_ARCHIVE_RATIO_FROM_BYTES,
  formatStorageBytes,
  isSafeEntryName,
} from '@pbshare/shared';
import yauzl from 'yauzl';
import { AppError } from '../../errors/app-error.js';

const NOTHING_IMPORTED = 'Nothing was imported.';
const NOT_A_ZIP = `That file is not a ZIP archive: choose the .zip that 'Download my data' saved. ${NOTHING_IMPORTED}`;
export const DAMAGED_ARCHIVE = `The archive is damaged: a file in it does not unpack as it says. ${NOTHING_IMPORTED}`;

const STORED = 0;
const DEFLATED = 8;

/**
 * An uploaded archive, opened from its temp file with yauzl (which reads the central directory
 * and each entry on demand, never the whole file). Every entry is judged before anything is
 * read from it: a safe name (no absolute path, no `..`, no backslash), not encrypted, stored or
 * deflated, and sizes that cannot be a zip bomb (the total it unpacks to, and how much each
 * large entry grows). yauzl then checks, while an entry unpacks, that it yields exactly the
 * size it declared, so the declared sizes can be trusted.
 */
export class ImportArchive {
  private constructor(
    private readonly zip: yauzl.ZipFile,
    private readonly entries: ReadonlyMap<string, yauzl.Entry>,
  ) {}

  static async open(path: string): Promise<ImportArchive> {
    let zip: yauzl.ZipFile;
    try {
      // Names are decoded and judged here (decodeStrings: false), by the one rule in shared.
      zip = await yauzl.openPromise(path, {
        autoClose: false,
        lazyEntries: true,
        decodeStrings: false,
        validateEntrySizes: true,
      });
    } catch {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', NOT_A_ZIP);
    }
    try {
      return new ImportArchive(zip, await judgeEntries(zip));
    } catch (err) {
      zip.close();
      throw err;
    }
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** What the entry unpacks to, as declared (and enforced while it unpacks). */
  sizeOf(name: string): number | undefined {
    return this.entries.get(name)?.uncompressedSize;
  }

  /** `pbshare.json`, parsed: 422 when it is missing, 400 when it is not JSON. */
  async readJson(): Promise<unknown> {
    const entry = this.entries.get(DATA_ARCHIVE_JSON_NAME);
    if (!entry) {
      throw new AppError(
        'VALIDATION_ERROR',
        `This archive has no ${DATA_ARCHIVE_JSON_NAME}, so it is not a PBShare export. ${NOTHING_IMPORTED}`,
      );
    }
    if (entry.uncompressedSize > DATA_ARCHIVE_JSON_MAX_BYTES) {
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        `${DATA_ARCHIVE_JSON_NAME} can be at most ${formatStorageBytes(DATA_ARCHIVE_JSON_MAX_BYTES)}. ${NOTHING_IMPORTED}`,
      );
    }
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of await this.openEntry(DATA_ARCHIVE_JSON_NAME)) {
        chunks.push(chunk as Buffer);
      }
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new AppError('BAD_REQUEST', DAMAGED_ARCHIVE);
    }
    try {
      return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks)));
    } catch {
      throw new AppError(
        'BAD_REQUEST',
        `${DATA_ARCHIVE_JSON_NAME} in the archive is not valid JSON. ${NOTHING_IMPORTED}`,
      );
    }
  }

  /** The entry's unpacked bytes; the stream errors if they differ from the declared size. */
  async openEntry(name: string): Promise<Readable> {
    const entry = this.entries.get(name);
    if (!entry) throw new Error(`no entry ${name}`);
    try {
      return await this.zip.openReadStreamPromise(entry);
    } catch {
      throw new AppError('BAD_REQUEST', DAMAGED_ARCHIVE);
    }
  }

  close(): void {
    this.zip.close();
  }
}

async function judgeEntries(zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> {
  if (zip.entryCount > DATA_ARCHIVE_MAX_ENTRIES) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `The archive holds more than ${DATA_ARCHIVE_MAX_ENTRIES} files. ${NOTHING_IMPORTED}`,
    );
  }
  const entries = new Map<string, yauzl.Entry>();
  let unpacked = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      const name = yauzl.getFileNameLowLevel(
        entry.generalPurposeBitFlag,
        entry.fileNameRaw,
        entry.extraFields,
        true,
      );
      judgeEntry(name, entry, entries);
      unpacked += entry.uncompressedSize;
      if (unpacked > DATA_ARCHIVE_MAX_BYTES) {
        throw new AppError(
          'PAYLOAD_TOO_LARGE',
          `The archive unpacks to more than ${formatStorageBytes(DATA_ARCHIVE_MAX_BYTES)}. ${NOTHING_IMPORTED}`,
        );
      }
      if (!name.endsWith('/')) entries.set(name, entry);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError(
      'BAD_REQUEST',
      `The archive's list of files cannot be read. ${NOTHING_IMPORTED}`,
    );
  }
  return entries;
}

function judgeEntry(name: string, entry: yauzl.Entry, seen: ReadonlyMap<string, unknown>): void {
  // Shown to the person, so cut and stripped of anything that is not plain text.
  const shown = JSON.stringify(name.slice(0, 80).replace(/[^\x20-\x7e]/g, '?'));
  if (!isSafeEntryName(name) || yauzl.validateFileName(name) !== null) {
    throw new AppError(
      'BAD_REQUEST',
      `The archive holds a file with an unsafe name (${shown}). ${NOTHING_IMPORTED}`,
    );
  }
  if (seen.has(name)) {
    throw new AppError('BAD_REQUEST', `The archive holds ${shown} twice. ${NOTHING_IMPORTED}`);
  }
  if (entry.isEncrypted()) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `The archive is encrypted; PBShare reads only the archives it made. ${NOTHING_IMPORTED}`,
    );
  }
  if (entry.compressionMethod !== STORED && entry.compressionMethod !== DEFLATED) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `${shown} is packed in a way PBShare cannot read. ${NOTHING_IMPORTED}`,
    );
  }
  if (
    entry.uncompressedSize > DATA_ARCHIVE_RATIO_FROM_BYTES &&
    entry.uncompressedSize > entry.compressedSize * DATA_ARCHIVE_MAX_RATIO
  ) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `${shown} unpacks to far more than it takes in the archive, which no PBShare export does. ${NOTHING_IMPORTED}`,
    );
  }
}
