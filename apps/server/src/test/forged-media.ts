import { crc32, createDeflate } from 'node:zlib';
import { fixture } from './pbs.js';

/**
 * Hostile media made by the tests themselves: images that decode to far more than they weigh, and
 * videos whose headers lie about how long they play.
 */

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG of `width` x `height` black RGBA pixels at `bitDepth` bits per sample. All-zero rows
 * deflate to almost nothing, so a 6300x6300 16-bit image (about 318 MB decoded) weighs a few
 * hundred kilobytes. With `rows` only that many rows are written: enough for the header to be
 * read, never enough to decode (a pixel flood).
 */
export async function pngBomb(
  width: number,
  height: number,
  { bitDepth = 16, rows = height }: { bitDepth?: 8 | 16; rows?: number } = {},
): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(bitDepth, 8);
  header.writeUInt8(6, 9); // RGBA
  const row = Buffer.alloc(1 + width * 4 * (bitDepth / 8)); // filter byte 0, then zeros
  const deflate = createDeflate({ level: 9 });
  const compressed: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => compressed.push(chunk));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  for (let i = 0; i < rows; i++) {
    if (!deflate.write(row)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.concat(compressed)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Where a box of this type starts (its size field), the first one in the file. */
function boxAt(file: Buffer, type: string): number {
  const at = file.indexOf(type, 0, 'latin1') - 4;
  if (at < 0) throw new Error(`no ${type} box`);
  return at;
}

/**
 * An MP4 fixture whose movie, track, media and edit-list headers all claim `seconds`, while its
 * samples (stts) still play what they played. The fixtures' headers are version 0, timescales
 * 1000 (movie) and 16384 (media).
 */
export function mp4WithHeaderSeconds(name: 'v29.mp4' | 'v31.mp4', seconds: number): Buffer {
  const file = Buffer.from(fixture(name));
  file.writeUInt32BE(seconds * 1000, boxAt(file, 'mvhd') + 24);
  file.writeUInt32BE(seconds * 1000, boxAt(file, 'tkhd') + 28);
  file.writeUInt32BE(seconds * 16384, boxAt(file, 'mdhd') + 24);
  file.writeUInt32BE(seconds * 1000, boxAt(file, 'elst') + 16);
  return file;
}

/** The 3 s WebM fixture (three 1 s blocks at 0, 1 and 2 s) with its Info Duration rewritten. */
export function webmWithHeaderSeconds(seconds: number, file = Buffer.from(fixture('v3.webm'))) {
  const duration = file.indexOf(Buffer.from([0x44, 0x89, 0x88]));
  if (duration < 0) throw new Error('no Duration element');
  file.writeDoubleBE(seconds * 1000, duration + 3);
  return file;
}

/** The 3 s WebM fixture with its last block moved to `lastBlockSecond`, header untouched. */
export function webmWithLastBlockAt(lastBlockSecond: number): Buffer {
  const file = Buffer.from(fixture('v3.webm'));
  // SimpleBlock (0xA3), size 0xAF, track 1 (0x81), timecode 2000 ms.
  const block = file.indexOf(Buffer.from([0xa3, 0xaf, 0x81, 0x07, 0xd0]));
  if (block < 0) throw new Error('no last block');
  file.writeInt16BE(lastBlockSecond * 1000, block + 3);
  return file;
}
