import type { Readable } from 'node:stream';
import { MEDIA_MESSAGES, OPEN_UPLOADS_PER_ACCOUNT, VIDEO_MAX_BYTES } from '@pbshare/shared';
import { AppError } from '../../errors/app-error.js';
import type { UploadSlots } from '../../media/upload-limiter.js';
import { discardUpload } from './discard-upload.js';
import type { UploadsRepository } from './repository.js';
import type { UploadPieces } from './upload-pieces.js';

export const UPLOAD_MESSAGES = {
  notFound: 'That upload was not found. Please pick the file again.',
  used: 'That upload was already used.',
  unfinished: 'That upload is not finished yet.',
  noLength: 'Send the upload’s size in Upload-Length.',
} as const;

/** A finished upload a PB is taking: its bytes, and what to do once the save is settled. */
export interface TakenUpload {
  bytes: () => Readable;
  /** Saved: its pieces go (the PB holds the file now). Not saved: it is free to use again. */
  settle: (saved: boolean) => Promise<void>;
}

export interface UploadsServiceDeps {
  repository: UploadsRepository;
  pieces: UploadPieces;
  slots: UploadSlots;
  /** Refuses an account whose stored media already fill its quota. */
  assertStorageLeft: (userId: string) => Promise<void>;
  now: () => number;
}

/** The rules of resumable uploads around the tus protocol: who, how many, how big, used once. */
export class UploadsService {
  constructor(private readonly deps: UploadsServiceDeps) {}

  /**
   * Checked before an upload is created: its size, the account's upload limits and quota. The
   * account's oldest unfinished uploads make room beyond OPEN_UPLOADS_PER_ACCOUNT, so one
   * abandoned in a closed tab never blocks the next, and disk use per account stays bounded.
   */
  async beforeCreate(userId: string, length: number | undefined): Promise<void> {
    if (length === undefined || !Number.isSafeInteger(length) || length < 0) {
      throw new AppError('VALIDATION_ERROR', UPLOAD_MESSAGES.noLength);
    }
    if (length > VIDEO_MAX_BYTES)
      throw new AppError('PAYLOAD_TOO_LARGE', MEDIA_MESSAGES.videoTooLarge);
    const release = await this.deps.slots.acquire(userId);
    release();
    await this.deps.assertStorageLeft(userId);
    const { repository, pieces } = this.deps;
    const open = await repository.unfinishedOf(userId, this.nowIso());
    for (const old of open.slice(0, Math.max(0, open.length - OPEN_UPLOADS_PER_ACCOUNT + 1))) {
      await discardUpload(repository, pieces, old);
    }
  }

  /** Another account's upload answers exactly as one that does not exist. */
  async assertOwner(userId: string, id: string): Promise<void> {
    const row = await this.deps.repository.find(id);
    if (row?.userId !== userId) throw new AppError('NOT_FOUND', UPLOAD_MESSAGES.notFound);
  }

  /** Takes a finished upload of this account for a PB, once. */
  async take(userId: string, id: string): Promise<TakenUpload> {
    const { repository, pieces } = this.deps;
    const row = await repository.find(id);
    const now = this.nowIso();
    if (row?.userId !== userId || row.expiresAt <= now) {
      throw new AppError('NOT_FOUND', UPLOAD_MESSAGES.notFound);
    }
    if (row.usedAt) throw new AppError('CONFLICT', UPLOAD_MESSAGES.used);
    if (row.received < row.length) throw new AppError('CONFLICT', UPLOAD_MESSAGES.unfinished);
    // Two saves racing for one id: the database lets exactly one claim it.
    if (!(await repository.claim(id, userId, now)))
      throw new AppError('CONFLICT', UPLOAD_MESSAGES.used);
    return {
      bytes: () => pieces.read(id, row.pieces),
      settle: async (saved) => {
        if (!saved) {
          await repository.unclaim(id);
          return;
        }
        // The row stays until it expires, so the id keeps answering 'already used'.
        await pieces.remove(id, row.pieces);
      },
    };
  }

  private nowIso(): string {
    return new Date(this.deps.now()).toISOString();
  }
}
