import { MalformedMediaError, type FileWindow } from './file-window.js';

/**
 * How long an MP4 or QuickTime file really plays, from its sample tables rather than its headers.
 *
 * The movie header (mvhd), track headers (tkhd) and media headers (mdhd) each state a duration,
 * but a player times frames by their samples: the sum of a track's `stts` deltas over its `mdhd`
 * timescale, plus the fragments (`moof/traf/trun`) of a fragmented file. Changing a few header
 * bytes can make a 31 s clip claim 10 s (or the reverse); the samples cannot lie that way without
 * changing what plays. A leading empty edit (an `elst` entry with media time -1) delays the
 * track, so it counts too. Only video and sound tracks count: a timecode or metadata track is
 * not played.
 */

/** moov and moof are read whole; anything larger is not a phone's 30-second clip. */
const MAX_INDEX_BOX_BYTES = 64 * 1024 * 1024;
/** Top-level boxes walked before giving up: real files have a handful, fragmented ones hundreds. */
const MAX_TOP_LEVEL_BOXES = 100_000;

interface Box {
  type: string;
  /** Where the payload starts and ends, relative to the buffer it was found in. */
  start: number;
  end: number;
}

interface Track {
  id: number;
  handler: string;
  timescale: number;
  /** Sum of stts deltas, in media timescale units. */
  sampleUnits: number;
  /** Leading empty edits, in movie timescale units. */
  delayUnits: number;
  defaultSampleDuration: number;
  /** Where the fragments read so far end, in media timescale units. */
  fragmentEnd: number;
}

/** Seconds the longest video or sound track plays; undefined when there is no such track. */
export async function mp4PlayingSeconds(file: FileWindow): Promise<number | undefined> {
  let movieTimescale = 0;
  const tracks = new Map<number, Track>();
  let offset = 0;
  let walked = 0;
  while (offset + 8 <= file.size) {
    if (++walked > MAX_TOP_LEVEL_BOXES) throw new MalformedMediaError('too many boxes');
    const header = await file.read(offset, 16);
    const { type, headerBytes, size } = boxHeader(header, 0, file.size - offset);
    if (type === 'moov' || type === 'moof') {
      if (size > MAX_INDEX_BOX_BYTES) throw new MalformedMediaError(`${type} too large`);
      const data = await file.read(offset, size);
      const payload = { type, start: headerBytes, end: data.length };
      if (type === 'moov') movieTimescale = readMovie(data, payload, tracks);
      else readFragment(data, payload, tracks);
    }
    offset += size;
  }
  let longest: number | undefined;
  for (const track of tracks.values()) {
    if (track.handler !== 'vide' && track.handler !== 'soun') continue;
    if (track.timescale <= 0) throw new MalformedMediaError('track without a timescale');
    const media = Math.max(track.sampleUnits, track.fragmentEnd) / track.timescale;
    const delay = movieTimescale > 0 ? track.delayUnits / movieTimescale : 0;
    longest = Math.max(longest ?? 0, media + delay);
  }
  return longest;
}

function boxHeader(
  data: Buffer,
  at: number,
  available: number,
): { type: string; headerBytes: number; size: number } {
  if (available < 8 || at + 8 > data.length) throw new MalformedMediaError('truncated box');
  let size = data.readUInt32BE(at);
  const type = data.toString('latin1', at + 4, at + 8);
  let headerBytes = 8;
  if (size === 1) {
    if (at + 16 > data.length) throw new MalformedMediaError('truncated box');
    size = Number(data.readBigUInt64BE(at + 8));
    headerBytes = 16;
  } else if (size === 0) {
    size = available;
  }
  if (size < headerBytes) throw new MalformedMediaError(`bad size for ${type}`);
  // A box cut short by the end of the file is read as far as it goes.
  return { type, headerBytes, size: Math.min(size, available) };
}

function* children(data: Buffer, parent: Box): Generator<Box> {
  let at = parent.start;
  while (at + 8 <= parent.end) {
    const { type, headerBytes, size } = boxHeader(data, at, parent.end - at);
    yield { type, start: at + headerBytes, end: at + size };
    at += size;
  }
}

function child(data: Buffer, parent: Box, type: string): Box | undefined {
  for (const box of children(data, parent)) if (box.type === type) return box;
  return undefined;
}

function need(box: Box, bytes: number): void {
  if (box.end - box.start < bytes) throw new MalformedMediaError(`${box.type} too short`);
}

/** A full box's version byte and 24-bit flags. */
function versionAndFlags(data: Buffer, box: Box): { version: number; flags: number } {
  need(box, 4);
  return { version: data.readUInt8(box.start), flags: data.readUInt32BE(box.start) & 0xffffff };
}

function readMovie(data: Buffer, moov: Box, tracks: Map<number, Track>): number {
  let movieTimescale = 0;
  for (const box of children(data, moov)) {
    if (box.type === 'mvhd') {
      const { version } = versionAndFlags(data, box);
      need(box, version === 1 ? 24 : 16);
      movieTimescale = data.readUInt32BE(box.start + (version === 1 ? 20 : 12));
    } else if (box.type === 'trak') {
      const track = readTrack(data, box);
      const known = tracks.get(track.id);
      // mvex (trex) and fragments may name the track before or after its trak.
      if (known) {
        track.fragmentEnd = known.fragmentEnd;
        track.defaultSampleDuration = known.defaultSampleDuration;
      }
      tracks.set(track.id, track);
    } else if (box.type === 'mvex') {
      for (const trex of children(data, box)) {
        if (trex.type !== 'trex') continue;
        need(trex, 16);
        const track = trackOf(tracks, data.readUInt32BE(trex.start + 4));
        track.defaultSampleDuration = data.readUInt32BE(trex.start + 12);
      }
    }
  }
  return movieTimescale;
}

function emptyTrack(id: number): Track {
  return {
    id,
    handler: '',
    timescale: 0,
    sampleUnits: 0,
    delayUnits: 0,
    defaultSampleDuration: 0,
    fragmentEnd: 0,
  };
}

function trackOf(tracks: Map<number, Track>, id: number): Track {
  let track = tracks.get(id);
  if (!track) {
    track = emptyTrack(id);
    tracks.set(id, track);
  }
  return track;
}

function readTrack(data: Buffer, trak: Box): Track {
  const tkhd = child(data, trak, 'tkhd');
  if (!tkhd) throw new MalformedMediaError('track without tkhd');
  const { version } = versionAndFlags(data, tkhd);
  need(tkhd, version === 1 ? 24 : 16);
  const track = emptyTrack(data.readUInt32BE(tkhd.start + (version === 1 ? 20 : 12)));

  const edts = child(data, trak, 'edts');
  const elst = edts && child(data, edts, 'elst');
  if (elst) track.delayUnits = leadingEmptyEdits(data, elst);

  const mdia = child(data, trak, 'mdia');
  if (!mdia) return track;
  for (const box of children(data, mdia)) {
    if (box.type === 'mdhd') {
      const v = versionAndFlags(data, box).version;
      need(box, v === 1 ? 24 : 16);
      track.timescale = data.readUInt32BE(box.start + (v === 1 ? 20 : 12));
    } else if (box.type === 'hdlr') {
      need(box, 12);
      track.handler = data.toString('latin1', box.start + 8, box.start + 12);
    }
  }
  const minf = child(data, mdia, 'minf');
  const stbl = minf && child(data, minf, 'stbl');
  const stts = stbl && child(data, stbl, 'stts');
  if (stts) track.sampleUnits = sumOfDeltas(data, stts);
  return track;
}

function sumOfDeltas(data: Buffer, stts: Box): number {
  need(stts, 8);
  const entries = data.readUInt32BE(stts.start + 4);
  if (stts.start + 8 + entries * 8 > stts.end) throw new MalformedMediaError('stts too short');
  let sum = 0;
  for (let i = 0; i < entries; i++) {
    const at = stts.start + 8 + i * 8;
    sum += data.readUInt32BE(at) * data.readUInt32BE(at + 4);
  }
  return sum;
}

function leadingEmptyEdits(data: Buffer, elst: Box): number {
  const { version } = versionAndFlags(data, elst);
  need(elst, 8);
  const entries = data.readUInt32BE(elst.start + 4);
  const entryBytes = version === 1 ? 20 : 12;
  if (elst.start + 8 + entries * entryBytes > elst.end) throw new MalformedMediaError('elst');
  let delay = 0;
  for (let i = 0; i < entries; i++) {
    const at = elst.start + 8 + i * entryBytes;
    const duration = version === 1 ? Number(data.readBigUInt64BE(at)) : data.readUInt32BE(at);
    const mediaTime =
      version === 1 ? Number(data.readBigInt64BE(at + 8)) : data.readInt32BE(at + 4);
    if (mediaTime !== -1) break;
    delay += duration;
  }
  return delay;
}

const TFHD_BASE_DATA_OFFSET = 0x1;
const TFHD_SAMPLE_DESCRIPTION = 0x2;
const TFHD_DEFAULT_DURATION = 0x8;
const TRUN_DATA_OFFSET = 0x1;
const TRUN_FIRST_SAMPLE_FLAGS = 0x4;
const TRUN_DURATION = 0x100;
const TRUN_SIZE = 0x200;
const TRUN_FLAGS = 0x400;
const TRUN_COMPOSITION_OFFSET = 0x800;

function readFragment(data: Buffer, moof: Box, tracks: Map<number, Track>): void {
  for (const traf of children(data, moof)) {
    if (traf.type !== 'traf') continue;
    const tfhd = child(data, traf, 'tfhd');
    if (!tfhd) throw new MalformedMediaError('traf without tfhd');
    const { flags } = versionAndFlags(data, tfhd);
    need(tfhd, 8);
    const track = trackOf(tracks, data.readUInt32BE(tfhd.start + 4));
    let defaultDuration = track.defaultSampleDuration;
    if (flags & TFHD_DEFAULT_DURATION) {
      let at = tfhd.start + 8;
      if (flags & TFHD_BASE_DATA_OFFSET) at += 8;
      if (flags & TFHD_SAMPLE_DESCRIPTION) at += 4;
      need(tfhd, at + 4 - tfhd.start);
      defaultDuration = data.readUInt32BE(at);
    }
    let start = track.fragmentEnd;
    const tfdt = child(data, traf, 'tfdt');
    if (tfdt) {
      const { version } = versionAndFlags(data, tfdt);
      need(tfdt, version === 1 ? 12 : 8);
      start =
        version === 1
          ? Number(data.readBigUInt64BE(tfdt.start + 4))
          : data.readUInt32BE(tfdt.start + 4);
    }
    let units = 0;
    for (const trun of children(data, traf)) {
      if (trun.type === 'trun') units += runDuration(data, trun, defaultDuration);
    }
    track.fragmentEnd = Math.max(track.fragmentEnd, start + units);
  }
}

function runDuration(data: Buffer, trun: Box, defaultDuration: number): number {
  const { flags } = versionAndFlags(data, trun);
  need(trun, 8);
  const samples = data.readUInt32BE(trun.start + 4);
  if (!(flags & TRUN_DURATION)) return samples * defaultDuration;
  let at = trun.start + 8;
  if (flags & TRUN_DATA_OFFSET) at += 4;
  if (flags & TRUN_FIRST_SAMPLE_FLAGS) at += 4;
  const perSample =
    4 +
    (flags & TRUN_SIZE ? 4 : 0) +
    (flags & TRUN_FLAGS ? 4 : 0) +
    (flags & TRUN_COMPOSITION_OFFSET ? 4 : 0);
  if (at + samples * perSample > trun.end) throw new MalformedMediaError('trun too short');
  let sum = 0;
  for (let i = 0; i < samples; i++) sum += data.readUInt32BE(at + i * perSample);
  return sum;
}
