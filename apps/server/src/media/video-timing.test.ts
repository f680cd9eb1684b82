import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  mp4WithHeaderSeconds,
  webmWithHeaderSeconds,
  webmWithLastBlockAt,
} from '../test/forged-media.js';
import { fixture } from '../test/pbs.js';
import { FileWindow, MalformedMediaError } from './file-window.js';
import { mp4PlayingSeconds } from './mp4-timing.js';
import { readVideoFacts } from './video-facts.js';
import { webmPlayingSeconds } from './webm-timing.js';

const dir = mkdtempSync(join(tmpdir(), 'pbshare-timing-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

let n = 0;
function saved(data: Buffer): string {
  const path = join(dir, `${++n}.bin`);
  writeFileSync(path, data);
  return path;
}

async function seconds(data: Buffer, parse: typeof mp4PlayingSeconds) {
  const file = await FileWindow.open(saved(data));
  try {
    return await parse(file);
  } finally {
    await file.close();
  }
}

/** A box: 32-bit size, type, payload. */
function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

function u32(...values: number[]): Buffer {
  const out = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => out.writeUInt32BE(v >>> 0, i * 4));
  return out;
}

/** A fragmented MP4 with one video track (media timescale 1000) and the given fragments. */
function fragmentedMp4(fragments: Buffer[], { trexDuration = 0, emptyEditMs = 0 } = {}) {
  const trak = box(
    'trak',
    box('tkhd', u32(0, 0, 0, 1, 0, 0)),
    ...(emptyEditMs > 0
      ? [box('edts', box('elst', u32(0, 1, emptyEditMs, 0xffffffff, 0x10000)))]
      : []),
    box(
      'mdia',
      box('mdhd', u32(0, 0, 0, 1000, 0)),
      box('hdlr', u32(0, 0), Buffer.from('vide'), u32(0, 0, 0), Buffer.from([0])),
      box('minf', box('stbl', box('stts', u32(0, 0)))),
    ),
  );
  const moov = box(
    'moov',
    box('mvhd', u32(0, 0, 0, 1000, 0)),
    trak,
    box('mvex', box('trex', u32(0, 1, 1, trexDuration, 0, 0))),
  );
  return Buffer.concat([box('ftyp', Buffer.from('isom'), u32(0)), moov, ...fragments]);
}

function fragment(startMs: number, sampleDurations: number[] | { count: number }) {
  const perSample = Array.isArray(sampleDurations);
  const trun = perSample
    ? box('trun', u32(0x100, sampleDurations.length, ...sampleDurations))
    : box('trun', u32(0, sampleDurations.count));
  return box('moof', box('traf', box('tfhd', u32(0, 1)), box('tfdt', u32(0, startMs)), trun));
}

describe('MP4 and QuickTime timing', () => {
  it('reads the fixtures as the players do', async () => {
    expect(await seconds(fixture('v29.mp4'), mp4PlayingSeconds)).toBe(29);
    expect(await seconds(fixture('v31.mp4'), mp4PlayingSeconds)).toBe(31);
    expect(await seconds(fixture('v5.mov'), mp4PlayingSeconds)).toBe(5);
  });

  it('believes the samples, not headers rewritten to claim 10 s or 31 s', async () => {
    expect(await seconds(mp4WithHeaderSeconds('v31.mp4', 10), mp4PlayingSeconds)).toBe(31);
    expect(await seconds(mp4WithHeaderSeconds('v29.mp4', 31), mp4PlayingSeconds)).toBe(29);
  });

  it('adds up the fragments of a fragmented file, with per-sample or default durations', async () => {
    const perSample = fragmentedMp4([
      fragment(0, Array<number>(15).fill(1000)),
      fragment(15_000, Array<number>(16).fill(1000)),
    ]);
    expect(await seconds(perSample, mp4PlayingSeconds)).toBe(31);
    const byDefault = fragmentedMp4([fragment(0, { count: 12 })], { trexDuration: 2000 });
    expect(await seconds(byDefault, mp4PlayingSeconds)).toBe(24);
  });

  it('counts a leading empty edit, which delays the whole track', async () => {
    const delayed = fragmentedMp4([fragment(0, { count: 25 })], {
      trexDuration: 1000,
      emptyEditMs: 6000,
    });
    expect(await seconds(delayed, mp4PlayingSeconds)).toBe(31);
  });

  it('refuses structures it cannot follow', async () => {
    const broken = Buffer.concat([box('ftyp', Buffer.from('isom')), u32(4), Buffer.from('moov')]);
    await expect(seconds(broken, mp4PlayingSeconds)).rejects.toBeInstanceOf(MalformedMediaError);
    expect(await seconds(box('ftyp', Buffer.from('isom')), mp4PlayingSeconds)).toBeUndefined();
  });
});

describe('WebM timing', () => {
  it('ends at the last block, whatever the Info Duration says', async () => {
    expect(await seconds(fixture('v3.webm'), webmPlayingSeconds)).toBe(3);
    expect(await seconds(webmWithHeaderSeconds(40), webmPlayingSeconds)).toBe(3);
    expect(await seconds(webmWithLastBlockAt(30), webmPlayingSeconds)).toBe(31);
  });

  it('follows a segment and clusters of unknown size, as a browser recorder writes them', async () => {
    const live = Buffer.from(fixture('v3.webm'));
    const segment = live.indexOf(Buffer.from([0x18, 0x53, 0x80, 0x67]));
    Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]).copy(live, segment + 4);
    const cluster = live.indexOf(Buffer.from([0x1f, 0x43, 0xb6, 0x75]));
    Buffer.from([0x7f, 0xff]).copy(live, cluster + 4); // a 2-byte size, all ones
    expect(await seconds(live, webmPlayingSeconds)).toBe(3);
  });

  it('refuses what is not EBML', async () => {
    await expect(seconds(Buffer.from('not a webm file'), webmPlayingSeconds)).rejects.toThrow();
  });
});

describe('readVideoFacts', () => {
  it('reports the duration the samples play, not the one the headers claim', async () => {
    const forged = await readVideoFacts(saved(mp4WithHeaderSeconds('v31.mp4', 10)), 'video/mp4');
    expect(forged?.durationSeconds).toBe(31);
    const longHeader = await readVideoFacts(saved(webmWithHeaderSeconds(40)), 'video/webm');
    expect(longHeader?.durationSeconds).toBe(3);
    const longBlocks = await readVideoFacts(saved(webmWithLastBlockAt(30)), 'video/webm');
    expect(longBlocks?.durationSeconds).toBe(31);
  });
});
