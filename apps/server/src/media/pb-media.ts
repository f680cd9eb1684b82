import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { isVideoTooLong, MEDIA_MESSAGES, type MediaStatus, type MediaType } from '@pbshare/shared';
import { AppError } from '../errors/app-error.js';
import { originalKeyOf, type Storage } from '../storage/storage.js';
import { makeImageRenditions } from './pb-image.js';
import type { ReceivedFile } from './receive-upload.js';
import { readVideoFacts } from './video-facts.js';
import { UndecodableVideoError, type VideoProcessor } from './video/video-processor.js';

export interface StoredMedia {
  type: MediaType;
  status: MediaStatus;
  /** What visitors get: an image's full WebP, a video's rendition, or its poster until ready. */
  mediaKey: string;
  cardKey: string | null;
  posterKey: string | null;
  width: number | null;
  height: number | null;
  /** A video as uploaded, stored privately for processing and the owner's export. */
  originalKey: string | null;
  /** How long a video plays, in seconds; null for images (and videos not measured yet). */
  durationSeconds: number | null;
  /** What the stored files take, counted against the owner's storage quota. */
  bytes: number;
}

export const VIDEO_TOO_LONG_MESSAGE = MEDIA_MESSAGES.videoTooLong;

/** Every stored file of a PB's media, for deletion. */
export function keysOf(
  media: Pick<StoredMedia, 'mediaKey' | 'cardKey' | 'posterKey' | 'originalKey'>,
): string[] {
  const keys = [media.mediaKey, media.cardKey, media.posterKey, media.originalKey];
  return [...new Set(keys.filter((k): k is string => k !== null))];
}

/** The files of a PB's media that /media serves: everything but the private original. */
export function servedKeysOf(media: Pick<StoredMedia, 'mediaKey' | 'cardKey' | 'posterKey'>) {
  return keysOf({ ...media, originalKey: null });
}

/** A record's folder (`pbs/<uuid>/`) swapped for `folder`; any other key goes into it whole. */
function keyInFolder(key: string, folder: string): string {
  const inOwnFolder = /^pbs\/[a-z0-9-]+\/(.+)$/.exec(key);
  return `${folder}/${inOwnFolder?.[1] ?? key.replace(/^.*\//, '')}`;
}

/**
 * Checks and stores the proof of a PB under new server-made keys. Images become WebP renditions
 * at once. A video must play at most 30 s and have a picture ffmpeg can decode: its first frame
 * becomes the poster (WebP, card and full sizes), and the file itself is kept privately under
 * `originals/` until the video job makes the rendition visitors get. A poster drawn by the
 * uploading browser is not used (it is missing where that browser cannot decode the clip).
 * Temp files are always removed.
 */
export class PbMediaStore {
  constructor(
    private readonly storage: Storage,
    private readonly videos: VideoProcessor,
  ) {}

  async store(file: ReceivedFile, browserPoster?: ReceivedFile): Promise<StoredMedia> {
    const id = randomUUID();
    const folder = `pbs/${id}`;
    const written: string[] = [];
    try {
      if (file.kind === 'image') {
        const image = await makeImageRenditions(file.path);
        await this.put(`${folder}/full.webp`, image.full, written);
        await this.put(`${folder}/card.webp`, image.card, written);
        return {
          type: 'image',
          status: 'ready',
          mediaKey: `${folder}/full.webp`,
          cardKey: `${folder}/card.webp`,
          posterKey: null,
          originalKey: null,
          durationSeconds: null,
          width: image.width,
          height: image.height,
          bytes: image.full.length + image.card.length,
        };
      }

      const facts = await readVideoFacts(file.path, file.mime);
      if (!facts) throw unreadableVideo();
      if (isVideoTooLong(facts.durationSeconds)) {
        throw new AppError('VALIDATION_ERROR', VIDEO_TOO_LONG_MESSAGE, [
          { field: 'file', message: VIDEO_TOO_LONG_MESSAGE },
        ]);
      }
      const poster = await this.videos.poster(file.path).catch((err: unknown) => {
        throw err instanceof UndecodableVideoError ? unreadableVideo() : err;
      });
      const posterKey = `${folder}/poster.webp`;
      const cardKey = `${folder}/card.webp`;
      await this.put(posterKey, poster.full, written);
      await this.put(cardKey, poster.card, written);
      const originalKey = originalKeyOf(id, file.ext);
      await this.storage.putFile(originalKey, file.path, file.mime);
      written.push(originalKey);
      return {
        type: 'video',
        status: 'processing',
        mediaKey: posterKey,
        cardKey,
        posterKey,
        originalKey,
        durationSeconds: facts.durationSeconds,
        width: poster.width,
        height: poster.height,
        bytes: file.size + poster.full.length + poster.card.length,
      };
    } catch (err) {
      await this.remove(written);
      throw err;
    } finally {
      await rm(file.path, { force: true });
      if (browserPoster) await rm(browserPoster.path, { force: true });
    }
  }

  /**
   * Copies the served files of a PB's media into a new folder (`pbs/<new uuid>/`, the same names
   * inside it) and answers the media under those keys, for a record whose old addresses must stop
   * working. The private original stays: /media never serves it, and the video job holds on to
   * it. Copies already made are removed when one fails.
   */
  async copyToNewKeys(media: StoredMedia): Promise<StoredMedia> {
    const folder = `pbs/${randomUUID()}`;
    const moved = new Map(servedKeysOf(media).map((key) => [key, keyInFolder(key, folder)]));
    const written: string[] = [];
    try {
      for (const [from, to] of moved) {
        await this.storage.copy(from, to);
        written.push(to);
      }
    } catch (err) {
      await this.remove(written).catch(() => undefined);
      throw err;
    }
    const to = (key: string | null) => (key === null ? null : (moved.get(key) ?? key));
    return {
      ...media,
      mediaKey: to(media.mediaKey) ?? media.mediaKey,
      cardKey: to(media.cardKey),
      posterKey: to(media.posterKey),
    };
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

function unreadableVideo(): AppError {
  return new AppError('UNSUPPORTED_MEDIA_TYPE', MEDIA_MESSAGES.videoUnreadable, [
    { field: 'file', message: MEDIA_MESSAGES.videoUnreadable },
  ]);
}
