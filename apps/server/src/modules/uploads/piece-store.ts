import { DataStore, ERRORS, Metadata, Upload } from '@tus/utils';
import type { Readable } from 'node:stream';
import { discardUpload } from './discard-upload.js';
import type { UploadsRepository } from './repository.js';
import type { UploadPieces } from './upload-pieces.js';

export interface PieceStoreDeps {
  repository: UploadsRepository;
  pieces: UploadPieces;
  /** The signed-in account of the request being handled (uploads belong to it). */
  caller: () => string;
  expiryMs: number;
  now: () => number;
  /** Told how many bytes each write stored, for the received-bytes metric. */
  onStored?: (bytes: number) => void;
}

/**
 * The tus data store PBShare's uploads live in: the row (owner, length, offset, pieces) in the
 * database every process shares, the bytes as pieces in the media store. @tus/server speaks the
 * protocol; this answers its questions. See docs/decisions/0022-resumable-uploads-over-tus.md for why
 * neither @tus/file-store nor @tus/s3-store.
 */
export class PieceStore extends DataStore {
  constructor(private readonly deps: PieceStoreDeps) {
    super();
    this.extensions = ['creation', 'termination', 'expiration'];
  }

  override async create(upload: Upload): Promise<Upload> {
    const createdAt = new Date(this.deps.now());
    await this.deps.repository.insert({
      id: upload.id,
      userId: this.deps.caller(),
      length: upload.size ?? 0,
      metadata: upload.metadata ? Metadata.stringify(upload.metadata) : '',
      createdAt: createdAt.toISOString(),
      expiresAt: new Date(createdAt.getTime() + this.deps.expiryMs).toISOString(),
    });
    upload.creation_date = createdAt.toISOString();
    return upload;
  }

  override async getUpload(id: string): Promise<Upload> {
    const row = await this.deps.repository.find(id);
    if (!row) throw refusal(ERRORS.FILE_NOT_FOUND);
    return new Upload({
      id,
      size: row.length,
      offset: row.received,
      metadata: row.metadata ? Metadata.parse(row.metadata) : {},
      creation_date: row.createdAt,
    });
  }

  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    const { pieces, repository } = this.deps;
    const name = pieces.pieceName(offset);
    const { bytes, error } = await pieces.store(id, name, stream);
    if (bytes > 0) {
      const at = new Date(this.deps.now()).toISOString();
      if (!(await repository.advance(id, { name, from: offset, to: offset + bytes }, at))) {
        // Another request appended at this offset first: its piece is the one that counts.
        await pieces.remove(id, [name]);
        throw refusal(ERRORS.INVALID_OFFSET);
      }
      this.deps.onStored?.(bytes);
    }
    // The client went away mid-body: what arrived is kept, and the client will ask where to go on.
    if (error) {
      throw refusal({ status_code: 400, body: 'The connection closed before the body arrived.' });
    }
    return offset + bytes;
  }

  override async remove(id: string): Promise<void> {
    const row = await this.deps.repository.find(id);
    if (!row) throw refusal(ERRORS.FILE_NOT_FOUND);
    await discardUpload(this.deps.repository, this.deps.pieces, row);
  }

  override getExpiration(): number {
    return this.deps.expiryMs;
  }
}

/** A refusal @tus/server answers with its status (it reads `status_code` and `body`). */
function refusal(answer: { status_code: number; body: string }): Error {
  return Object.assign(new Error(answer.body.trim()), answer);
}
