import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { isVideoTooLong, MEDIA_MESSAGES, type MediaType } from '@pbshare/shared';
import { AppError } from '../errors/app-error.js';
import type { Storage } from '../storage/storage.js';
import { makeFullRendition, makeImageRenditions } from './pb-image.js';
import type { ReceivedFile } from './receive-upload.js';
import { readVideoFacts } from './video-facts.js';

export interface StoredMedia {
  type: MediaType;
  mediaKey: string;
  cardKey: string | null;
  posterKey: string | null;
  width: number | null;
  height: number | null;
  /** What the stored files take, counted against the owner's storage quota. */
  bytes: number;
}

export const VIDEO_TOO_LONG_MESSAGE = MEDIA_MESSAGES.videoTooLong;

/** Every stored file of a PB's media, for deletion. */
export function keysOf(media: Pick<StoredMedia, 'mediaKey' | 'cardKey' | 'posterKey'>): string[] {
  return [media.mediaKey, media.cardKey, media.posterKey].filter((k): k is string => k !== null);
}

/**
 * Checks and stores the proof of a PB under new server-made keys: images as WebP renditions,
 * videos as uploaded once their samples play at most 30 s, with the browser-captured
 * poster made into a WebP. Temp files are always removed.
 */
export class PbMediaStore {
  constructor(private readonly storage: Storage) {}

  async store(file: ReceivedFile, poster?: ReceivedFile): Promise<StoredMedia> {
    const folder = `pbs/${randomUUID()}`;
    const written: string[] = [];
    try {
      if (file.kind === 'image') {
        const image = await makeImageRenditions(file.path);
        await this.put(`${folder}/full.webp`, image.full, written);
        await this.put(`${folder}/card.webp`, image.card, written);
        return {
          type: 'image',
          mediaKey: `${folder}/full.webp`,
          cardKey: `${folder}/card.webp`,
          posterKey: null,
          width: image.width,
          height: image.height,
          bytes: image.full.length + image.card.length,
        };
      }

      const facts = await readVideoFacts(file.path, file.mime);
      if (!facts) {
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          'That video could not be read. Please try another one.',
        );
      }
      if (isVideoTooLong(facts.durationSeconds)) {
        throw new AppError('VALIDATION_ERROR', VIDEO_TOO_LONG_MESSAGE, [
          { field: 'file', message: VIDEO_TOO_LONG_MESSAGE },
        ]);
      }
      let posterKey: string | null = null;
      let posterBytes = 0;
      if (poster) {
        posterKey = `${folder}/poster.webp`;
        const webp = await makeFullRendition(poster.path);
        await this.put(posterKey, webp, written);
        posterBytes = webp.length;
      }
      const mediaKey = `${folder}/video.${file.ext}`;
      await this.storage.putFile(mediaKey, file.path, file.mime);
      written.push(mediaKey);
      return {
        type: 'video',
        mediaKey,
        cardKey: null,
        posterKey,
        width: facts.width,
        height: facts.height,
        bytes: file.size + posterBytes,
      };
    } catch (err) {
      await this.remove(written);
      throw err;
    } finally {
      await rm(file.path, { force: true });
      if (poster) await rm(poster.path, { force: true });
    }
  }

  async remove(keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => this.storage.delete(key)));
  }

  url(key: string): string {
    return this.storage.url(key);
  }

  private async put(key: string, data: Buffer, written: string[]): Promise<void> {
    await this.storage.put(key, data, 'image/webp');
    written.push(key);
  }
}
