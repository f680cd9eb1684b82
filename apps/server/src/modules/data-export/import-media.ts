import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline as pipe, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../../errors/app-error.js';
import { keysOf, type PbMediaStore, type StoredMedia } from '../../media/pb-media.js';
import {
  PB_FILE_RULES,
  POSTER_RULES,
  receiveUpload,
  type ReceivedFile,
  type UploadRules,
} from '../../media/receive-upload.js';
import type { Storage } from '../../storage/storage.js';
import type { ImportArchive } from './archive-reader.js';
import { inContext } from './import-checks.js';
import { NOTHING_IMPORTED, recordLabel, type ImportPlan } from './import-plan.js';

type PlannedRecord = ImportPlan['exercises'][number]['records'][number];

/** A stored PB file's key and the id in it: `pbs/<id>/full.webp` or `originals/<id>.mp4`. */
const KEY_ID = /^(pbs\/|originals\/)([0-9a-f-]{36})([/.].*)$/;

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  webp: 'image/webp',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
};

/**
 * An import's media, each distinct file processed once. Records naming the same archive entry,
 * or entries with the same bytes (sha256, taken while the entry is read), share one decode: the
 * first is checked and processed as an upload is, the others get a copy of what it stored,
 * under keys of their own, since deleting a record deletes its files. What is stored, copies
 * included, is what counts against the quota. `stored` lists every key written so far, for the
 * caller to remove if the import fails.
 */
export class ImportMedia {
  readonly stored: string[] = [];
  private readonly byEntry = new Map<string, StoredMedia>();
  private readonly byHash = new Map<string, StoredMedia>();
  private readonly checkedPosters = new Set<string>();

  constructor(
    private readonly archive: ImportArchive,
    private readonly media: PbMediaStore,
    private readonly storage: Storage,
    private readonly tmpDir: string,
  ) {}

  /** The record's media, stored under keys of its own. */
  async forRecord(record: PlannedRecord, title: string): Promise<StoredMedia> {
    const where = recordLabel(title, record);
    const path = record.media.file;
    const seen = this.byEntry.get(path);
    const known = seen ? { copyOf: seen } : await this.processEntry(record, where);
    if ('fresh' in known) return known.fresh;
    checkType(known.copyOf.type, record, where);
    this.byEntry.set(path, known.copyOf);
    return this.copy(known.copyOf);
  }

  /** Reads the entry: processes it, or finds its bytes were processed already. */
  private async processEntry(
    record: PlannedRecord,
    where: string,
  ): Promise<{ fresh: StoredMedia } | { copyOf: StoredMedia }> {
    let file: ReceivedFile | undefined;
    let poster: ReceivedFile | undefined;
    let hash: string;
    try {
      ({ file, hash } = await this.receiveHashed(record.media.file, where));
      checkType(file.kind, record, where);
      const posterPath = record.media.type === 'video' ? record.media.poster : null;
      if (posterPath && !this.checkedPosters.has(posterPath)) {
        poster = await this.receive(posterPath, POSTER_RULES, where);
        this.checkedPosters.add(posterPath);
      }
    } catch (err) {
      await discard(file, poster);
      throw err;
    }
    const same = this.byHash.get(hash);
    if (same) {
      await discard(file, poster);
      return { copyOf: same };
    }
    let media: StoredMedia;
    try {
      // store() removes both temp files, whatever happens.
      media = await this.media.store(file, poster);
    } catch (err) {
      throw err instanceof AppError ? inContext(err, where) : err;
    }
    this.stored.push(...keysOf(media));
    this.byHash.set(hash, media);
    this.byEntry.set(record.media.file, media);
    return { fresh: media };
  }

  /** Another record's stored files copied under a new id: storage reads and writes, no decode. */
  private async copy(source: StoredMedia): Promise<StoredMedia> {
    const id = randomUUID();
    const rename = (key: string) => {
      const match = KEY_ID.exec(key);
      if (!match) throw new Error(`unexpected stored media key: ${key}`);
      return `${match[1]}${id}${match[3]}`;
    };
    const renamed = (key: string | null) => (key === null ? null : rename(key));
    const copy: StoredMedia = {
      ...source,
      mediaKey: rename(source.mediaKey),
      cardKey: renamed(source.cardKey),
      posterKey: renamed(source.posterKey),
      originalKey: renamed(source.originalKey),
    };
    for (const key of keysOf(source)) {
      const to = rename(key);
      await this.copyFile(key, to);
      this.stored.push(to);
    }
    return copy;
  }

  /** Through a temp file, so a 300 MB original never sits in memory; putFile takes it over. */
  private async copyFile(from: string, to: string): Promise<void> {
    await mkdir(this.tmpDir, { recursive: true });
    const path = join(this.tmpDir, `${randomUUID()}.upload`);
    try {
      await pipeline(this.storage.read(from), createWriteStream(path));
      const ext = to.slice(to.lastIndexOf('.') + 1);
      await this.storage.putFile(to, path, CONTENT_TYPES[ext] ?? 'application/octet-stream');
    } finally {
      await rm(path, { force: true });
    }
  }

  /** The entry through the upload's checks, its sha256 taken as its bytes pass. */
  private async receiveHashed(
    path: string,
    where: string,
  ): Promise<{ file: ReceivedFile; hash: string }> {
    const hash = createHash('sha256');
    const file = await this.receive(path, PB_FILE_RULES, where, () => {
      const hashing = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          done(null, chunk);
        },
      });
      return hashing;
    });
    return { file, hash: hash.digest('hex') };
  }

  /** One entry streamed to a temp file through the upload's type sniffing and size limits. */
  private async receive(
    path: string,
    rules: UploadRules,
    where: string,
    through?: () => Transform,
  ): Promise<ReceivedFile> {
    let received: ReceivedFile | undefined;
    try {
      const entry = await this.archive.openEntry(path);
      // pipe() hands the entry's errors on to the last stream, which receiveUpload reads.
      const source = through ? pipe(entry, through(), () => undefined) : entry;
      received = await receiveUpload({ file: source }, this.tmpDir, rules);
    } catch (err) {
      throw inContext(err, where);
    }
    if (!received) {
      throw new AppError('VALIDATION_ERROR', `${where}: ${path} is empty. ${NOTHING_IMPORTED}`);
    }
    return received;
  }
}

function checkType(kind: 'image' | 'video', record: PlannedRecord, where: string): void {
  if (kind === record.media.type) return;
  throw new AppError(
    'VALIDATION_ERROR',
    `${where}: the file is ${kind === 'image' ? 'a photo' : 'a video'}, but pbshare.json says it is ${record.media.type === 'image' ? 'a photo' : 'a video'}. ${NOTHING_IMPORTED}`,
  );
}

export async function discard(...files: (ReceivedFile | undefined)[]): Promise<void> {
  for (const file of files) if (file) await rm(file.path, { force: true });
}
