import { open } from 'node:fs/promises';

/** Top-level boxes read before giving up: a real MP4 has a handful. */
const MAX_BOXES = 64;

/**
 * Whether an MP4's `moov` (the index a player needs first) comes before its `mdat` (the media),
 * so playback starts before the whole file has arrived. Reads only the top-level box headers.
 */
export async function isFastStart(path: string): Promise<boolean> {
  const file = await open(path);
  try {
    const { size } = await file.stat();
    const header = Buffer.alloc(16);
    let offset = 0;
    for (let i = 0; i < MAX_BOXES && offset + 8 <= size; i++) {
      await file.read(header, 0, 16, offset);
      const type = header.toString('latin1', 4, 8);
      if (type === 'moov') return true;
      if (type === 'mdat') return false;
      let boxSize = header.readUInt32BE(0);
      if (boxSize === 1) boxSize = Number(header.readBigUInt64BE(8));
      if (boxSize < 8) return false;
      offset += boxSize;
    }
    return false;
  } finally {
    await file.close();
  }
}
