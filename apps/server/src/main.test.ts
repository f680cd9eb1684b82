import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { STALE_UPLOAD_MS, uploadTmpDir } from './media/stale-uploads.js';

// Runs the real entry point from source, the way `npm start` runs its compiled twin.
const entry = resolve(import.meta.dirname, 'main.ts');
const dataDir = mkdtempSync(join(tmpdir(), 'pbshare-main-'));
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  output: string;
}

function start(env: Record<string, string>, onOutput?: (text: string, stop: () => void) => void) {
  return new Promise<Run>((done) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--conditions=@pbshare/source', entry],
      {
        env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', DATA_DIR: dataDir, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    let stopped = false;
    const stop = () => {
      if (stopped) return;
      stopped = true;
      child.kill('SIGTERM');
    };
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      onOutput?.(output, stop);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('exit', (code) => {
      done({ code, output });
    });
  });
}

describe('the server process', () => {
  it('refuses to start on a bad setting and names it', async () => {
    const run = await start({ PORT: 'abc' });
    expect(run.code).toBe(1);
    expect(run.output).toContain('PORT: must be a whole number');
  }, 20_000);

  it('creates DATA_DIR and the SQLite file, reuses them, and exits cleanly on SIGTERM', async () => {
    for (let round = 0; round < 2; round++) {
      const run = await start({ PORT: '0', HOST: '127.0.0.1' }, (text, stop) => {
        if (text.includes('PBShare is up')) stop();
      });
      expect(run.output).toContain('shutting down');
      expect(run.code).toBe(0);
      expect(existsSync(join(dataDir, 'pbshare.db'))).toBe(true);
    }
  }, 30_000);

  it('removes temp uploads an earlier, crashed run left behind', async () => {
    const dir = uploadTmpDir(dataDir);
    mkdirSync(dir, { recursive: true });
    const abandoned = join(dir, 'abandoned.upload');
    writeFileSync(abandoned, 'half a video');
    const twoHoursAgo = (Date.now() - 2 * STALE_UPLOAD_MS) / 1000;
    utimesSync(abandoned, twoHoursAgo, twoHoursAgo);

    const run = await start({ PORT: '0', HOST: '127.0.0.1' }, (text, stop) => {
      if (text.includes('removed abandoned temp uploads')) stop();
    });
    expect(run.code).toBe(0);
    expect(existsSync(abandoned)).toBe(false);
  }, 30_000);
});
