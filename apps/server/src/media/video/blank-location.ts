import { open } from 'node:fs/promises';

/** A moov larger than this is not read into memory (no phone writes one near it). */
const MAX_MOOV_BYTES = 64 * 1024 * 1024;
/** The QuickTime user-data atom that holds a clip's position ('©xyz'). */
const XYZ = Buffer.from([0xa9, 0x78, 0x79, 0x7a]);
/** ISO 6709 positions as phones write them ('+48.8584+002.2945+035.000/'), in any atom. */
const ISO_6709 = /[+-]\d{1,3}(?:\.\d+)?[+-]\d{1,3}(?:\.\d+)?(?:[+-]\d+(?:\.\d+)?)?(?:CRS[^/]*)?\//g;

/**
 * Blanks the location an MP4 or MOV carries, in place and without changing its size (so every
 * offset in the file stays right): each '©xyz' atom becomes a zeroed 'free' atom, and any other
 * ISO 6709 position in the movie header (Apple's location key) becomes spaces. For videos stored
 * before processing existed, which are served as uploaded until their rendition is made.
 * Returns whether anything was blanked.
 */
export async function blankLocation(path: string): Promise<boolean> {
  const file = await open(path, 'r+');
  try {
    const moov = await findTopLevelBox(file, 'moov');
    if (!moov || moov.size > MAX_MOOV_BYTES) return false;
    const bytes = Buffer.alloc(moov.size);
    await file.read(bytes, 0, moov.size, moov.offset);
    let changed = false;
    for (let at = bytes.indexOf(XYZ, 8); at >= 4; at = bytes.indexOf(XYZ, at + 4)) {
      const size = bytes.readUInt32BE(at - 4);
      if (size < 8 || at - 4 + size > bytes.length) continue;
      bytes.write('free', at, 'latin1');
      bytes.fill(0, at + 4, at - 4 + size);
      changed = true;
    }
    const text = bytes.toString('latin1');
    for (const match of text.matchAll(ISO_6709)) {
      bytes.fill(0x20, match.index, match.index + match[0].length);
      changed = true;
    }
    if (changed) await file.write(bytes, 0, bytes.length, moov.offset);
    return changed;
  } finally {
    await file.close();
  }
}

async function findTopLevelBox(
  file: Awaited<ReturnType<typeof open>>,
  type: string,
): Promise<{ offset: number; size: number } | undefined> {
  const { size: fileSize } = await file.stat();
  const header = Buffer.alloc(16);
  let offset = 0;
  while (offset + 8 <= fileSize) {
    await file.read(header, 0, 16, offset);
    let size = header.readUInt32BE(0);
    if (size === 1) size = Number(header.readBigUInt64BE(8));
    else if (size === 0) size = fileSize - offset;
    if (size < 8) return undefined;
    if (header.toString('latin1', 4, 8) === type) return { offset, size };
    offset += size;
  }
  return undefined;
}
