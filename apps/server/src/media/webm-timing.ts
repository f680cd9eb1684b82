import { MalformedMediaError, type FileWindow } from './file-window.js';

/**
 * How long a WebM (Matroska) file really plays: the end of its last block, from the cluster
 * timestamps and the blocks' own timecodes and durations, not the Segment Info `Duration` (which
 * a recorder may omit and anyone can rewrite). Blocks are visited header by header; their frames
 * are never read. Clusters of unknown size (what a browser's MediaRecorder writes) end where the
 * next top-level element starts.
 */

const ID = {
  ebml: 0x1a45dfa3,
  segment: 0x18538067,
  info: 0x1549a966,
  timestampScale: 0x2ad7b1,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackNumber: 0xd7,
  defaultDuration: 0x23e383,
  cluster: 0x1f43b675,
  clusterTimestamp: 0xe7,
  simpleBlock: 0xa3,
  blockGroup: 0xa0,
  block: 0xa1,
  blockDuration: 0x9b,
} as const;

/** Elements that sit directly in a Segment: meeting one ends a cluster of unknown size. */
const SEGMENT_CHILDREN = new Set([
  0x114d9b74, // SeekHead
  ID.info,
  ID.tracks,
  ID.cluster,
  0x1c53bb6b, // Cues
  0x1941a469, // Attachments
  0x1043a770, // Chapters
  0x1254c367, // Tags
]);

/** Header elements read whole; they hold a few numbers and names. */
const MAX_HEADER_ELEMENT_BYTES = 1024 * 1024;
/** Blocks visited before giving up: 30 s of 60 fps video with audio is a few thousand. */
const MAX_BLOCKS = 200_000;

interface Element {
  id: number;
  /** Where the payload starts, in the file. */
  start: number;
  /** Where it ends; the end of its parent when its size is unknown. */
  end: number;
  unknownSize: boolean;
}

interface State {
  timestampScale: number;
  /** Track number to its DefaultDuration in nanoseconds. */
  defaultDurationNs: Map<number, number>;
  /** The latest block end seen, in nanoseconds. */
  endNs: number;
  blocks: number;
}

/** Seconds until the last block ends; undefined when the file holds no block. */
export async function webmPlayingSeconds(file: FileWindow): Promise<number | undefined> {
  const first = await readElement(file, 0, file.size);
  if (first.id !== ID.ebml) throw new MalformedMediaError('not an EBML file');
  let at = first.end;
  while (at < file.size) {
    const element = await readElement(file, at, file.size);
    if (element.id === ID.segment) {
      const state: State = {
        timestampScale: 1_000_000,
        defaultDurationNs: new Map(),
        endNs: 0,
        blocks: 0,
      };
      await readSegment(file, element, state);
      return state.blocks > 0 ? state.endNs / 1e9 : undefined;
    }
    if (element.unknownSize) break;
    at = element.end;
  }
  return undefined;
}

async function readSegment(file: FileWindow, segment: Element, state: State): Promise<void> {
  let at = segment.start;
  while (at < segment.end) {
    const element = await readElement(file, at, segment.end);
    if (element.id === ID.cluster) {
      at = await readCluster(file, element, state);
      continue;
    }
    if (element.unknownSize) throw new MalformedMediaError('element of unknown size');
    if (element.id === ID.info) {
      const info = await readWhole(file, element);
      for (const e of elementsIn(info)) {
        if (e.id === ID.timestampScale) state.timestampScale = readUint(e.data) || 1_000_000;
      }
    } else if (element.id === ID.tracks) {
      readTracks(await readWhole(file, element), state);
    }
    at = element.end;
  }
}

function readTracks(tracks: Buffer, state: State): void {
  for (const entry of elementsIn(tracks)) {
    if (entry.id !== ID.trackEntry) continue;
    let number = 0;
    let defaultNs = 0;
    for (const e of elementsIn(entry.data)) {
      if (e.id === ID.trackNumber) number = readUint(e.data);
      else if (e.id === ID.defaultDuration) defaultNs = readUint(e.data);
    }
    if (number > 0 && defaultNs > 0) state.defaultDurationNs.set(number, defaultNs);
  }
}

/** Reads one cluster's blocks; returns where the next element starts. */
async function readCluster(file: FileWindow, cluster: Element, state: State): Promise<number> {
  let clusterTimestamp = 0;
  let at = cluster.start;
  while (at < cluster.end) {
    const element = await readElement(file, at, cluster.end);
    if (cluster.unknownSize && SEGMENT_CHILDREN.has(element.id)) return at;
    if (element.unknownSize) throw new MalformedMediaError('block of unknown size');
    if (element.id === ID.clusterTimestamp) {
      clusterTimestamp = readUint(await readWhole(file, element));
    } else if (element.id === ID.simpleBlock) {
      await noteBlock(file, element.start, clusterTimestamp, undefined, state);
    } else if (element.id === ID.blockGroup) {
      await readBlockGroup(file, element, clusterTimestamp, state);
    }
    at = element.end;
  }
  return cluster.end;
}

async function readBlockGroup(
  file: FileWindow,
  group: Element,
  clusterTimestamp: number,
  state: State,
): Promise<void> {
  let blockStart: number | undefined;
  let duration: number | undefined;
  let at = group.start;
  while (at < group.end) {
    const element = await readElement(file, at, group.end);
    if (element.unknownSize) throw new MalformedMediaError('block of unknown size');
    if (element.id === ID.block) blockStart = element.start;
    else if (element.id === ID.blockDuration) duration = readUint(await readWhole(file, element));
    at = element.end;
  }
  if (blockStart !== undefined) {
    await noteBlock(file, blockStart, clusterTimestamp, duration, state);
  }
}

/** A block starts with its track number, a signed 16-bit timecode and flags (then frames). */
async function noteBlock(
  file: FileWindow,
  start: number,
  clusterTimestamp: number,
  duration: number | undefined,
  state: State,
): Promise<void> {
  if (++state.blocks > MAX_BLOCKS) throw new MalformedMediaError('too many blocks');
  const head = await file.read(start, 12);
  const track = vint(head, 0, false);
  if (track.length + 4 > head.length) throw new MalformedMediaError('truncated block');
  const timecode = head.readInt16BE(track.length);
  const flags = head.readUInt8(track.length + 2);
  const laced = (flags & 0x06) !== 0;
  const frames = laced ? head.readUInt8(track.length + 3) + 1 : 1;
  const startNs = (clusterTimestamp + timecode) * state.timestampScale;
  const lengthNs =
    duration !== undefined
      ? duration * state.timestampScale
      : frames * (state.defaultDurationNs.get(track.value) ?? 0);
  state.endNs = Math.max(state.endNs, startNs + lengthNs);
}

async function readElement(file: FileWindow, at: number, parentEnd: number): Promise<Element> {
  const head = await file.read(at, 12);
  const id = vint(head, 0, true);
  const size = vint(head, id.length, false);
  const start = at + id.length + size.length;
  if (start > parentEnd) throw new MalformedMediaError('truncated element');
  // An element cut short by the end of the file is read as far as it goes.
  const end = size.unknown ? parentEnd : Math.min(start + size.value, parentEnd);
  return { id: id.value, start, end, unknownSize: size.unknown };
}

async function readWhole(file: FileWindow, element: Element): Promise<Buffer> {
  if (element.end - element.start > MAX_HEADER_ELEMENT_BYTES) {
    throw new MalformedMediaError('header element too large');
  }
  return file.read(element.start, element.end - element.start);
}

/** The children of an element already in memory. */
function* elementsIn(data: Buffer): Generator<{ id: number; data: Buffer }> {
  let at = 0;
  while (at < data.length) {
    const id = vint(data, at, true);
    const size = vint(data, at + id.length, false);
    const start = at + id.length + size.length;
    if (size.unknown) throw new MalformedMediaError('element of unknown size');
    const end = Math.min(start + size.value, data.length);
    yield { id: id.value, data: data.subarray(start, end) };
    at = end;
  }
}

/**
 * An EBML variable-length integer. IDs keep their length marker (that is how they are written in
 * the spec); sizes drop it, and a size whose bits are all ones means "unknown".
 */
function vint(
  data: Buffer,
  at: number,
  keepMarker: boolean,
): { value: number; length: number; unknown: boolean } {
  const first = data[at];
  if (first === undefined || first === 0) throw new MalformedMediaError('bad variable integer');
  const length = Math.clz32(first) - 23;
  if (length > (keepMarker ? 4 : 8) || at + length > data.length) {
    throw new MalformedMediaError('bad variable integer');
  }
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = data[at + i] ?? 0;
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

function readUint(data: Buffer): number {
  let value = 0;
  for (const byte of data) value = value * 256 + byte;
  return value;
}
