import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  STALE_UPLOAD_MS,
  STARTUP_STALE_UPLOAD_MS,
  sweepStaleUploads,
  uploadTmpDir,
} from './stale-uploads.js';

let dataDir: string;
let dir: string;
const now = Date.now();

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'pbshare-sweep-'));
  dir = uploadTmpDir(dataDir);
  mkdirSync(dir, { recursive: true });
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

function file(name: string, ageMs: number): void {
  const path = join(dir, name);
  writeFileSync(path, 'partial upload');
  const seconds = (now - ageMs) / 1000;
  utimesSync(path, seconds, seconds);
}

describe('sweepStaleUploads', () => {
  it('removes uploads untouched for an hour and keeps those still being written', async () => {
    file('dead.upload', STALE_UPLOAD_MS + 60_000);
    file('arriving.upload', 5_000);
    file('notes.txt', STALE_UPLOAD_MS * 2); // not ours
    mkdirSync(join(dir, 'old.upload'));

    expect(await sweepStaleUploads(dir, { now })).toBe(1);
    expect(readdirSync(dir).sort()).toEqual(['arriving.upload', 'notes.txt', 'old.upload']);
  });

  it("at start, takes a crash's leftovers after a minute instead of an hour", async () => {
    file('crashed.upload', 2 * 60_000);
    file('other-process.upload', 5_000);
    expect(await sweepStaleUploads(dir, { maxAgeMs: STARTUP_STALE_UPLOAD_MS, now })).toBe(1);
    expect(readdirSync(dir)).toEqual(['other-process.upload']);
  });

  it('is a no-op when no upload ever happened', async () => {
    rmSync(dir, { recursive: true });
    expect(await sweepStaleUploads(dir, { now })).toBe(0);
  });
});
