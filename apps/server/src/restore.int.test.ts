import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { migrateToLatest } from './db/migrate.js';
import { openDatabase } from './open-database.js';
import { bearer, newSignedInUser, signIn, PASSWORD, type SignedIn } from './test/accounts.js';
import { CapturingMailer } from './test/capturing-mailer.js';
import { createPb, listPbs, weightFields } from './test/pbs.js';

/**
 * A backup made by `npm run backup` and put back by `npm run restore` into an empty folder
 * brings back the same instance: its accounts sign in, its PBs list, their media serve the same
 * bytes, and sessions signed before the backup still hold (the generated secret came along).
 */

const scripts = resolve(import.meta.dirname, '../../../scripts');

/** An app on the embedded SQLite file under `dataDir`, whichever dialect the suite runs. */
async function embeddedApp(dataDir: string) {
  const database = openDatabase({ dataDir });
  await migrateToLatest(database.db);
  const config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir }),
    webDistDir: undefined,
    jobs: { inProcess: true, concurrency: 1, pollMs: 50, backoffMs: 200, leaseMs: 5000 },
  };
  const mail = new CapturingMailer();
  const app = await buildApp(config, { database, mailer: mail });
  return { app, mail };
}

function run(
  script: 'backup' | 'restore',
  args: string[],
  dataDir: string,
): Promise<{ code: number | null; out: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [join(scripts, `${script}.mjs`), ...args], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir },
      cwd: dir,
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('close', (code) => {
      done({ code, out });
    });
  });
}

const media = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url });

let dir: string;
let backupDir: string;
let ada: SignedIn;
let bo: SignedIn;
/** Each PB's title and its photo's bytes, as the original instance served them. */
const served = new Map<string, Buffer>();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pbshare-restore-'));
  const original = await embeddedApp(join(dir, 'original'));
  try {
    ada = await newSignedInUser(original, 'ada');
    bo = await newSignedInUser(original, 'bo');
    for (const [who, title] of [
      [ada, 'Deadlift'],
      [ada, 'Squat'],
      [bo, 'Bench press'],
    ] as const) {
      const pb = await createPb(original.app, who, weightFields(title));
      const file = await media(original.app, pb.media.fullUrl);
      expect(file.statusCode).toBe(200);
      served.set(title, file.rawPayload);
    }
    backupDir = join(dir, 'backup');
    const backup = await run('backup', ['--to', backupDir], join(dir, 'original'));
    expect(backup.code, backup.out).toBe(0);
  } finally {
    await original.app.close();
  }
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('a restored backup', () => {
  let restored: Awaited<ReturnType<typeof embeddedApp>>;
  beforeAll(async () => {
    const { code, out } = await run('restore', ['--from', backupDir], join(dir, 'restored'));
    expect(code, out).toBe(0);
    expect(out).toContain('integrity ok');
    expect(out).toContain('2 accounts, 3 PBs');
    restored = await embeddedApp(join(dir, 'restored'));
  });
  afterAll(() => restored.app.close());

  it('brings back the accounts, their PBs and the same media bytes', async () => {
    const again = await signIn(restored.app, { ...ada, password: PASSWORD });
    const pbs = await listPbs(restored.app, again);
    expect(pbs.map((pb) => pb.title).sort()).toEqual(['Deadlift', 'Squat']);
    const boPbs = await listPbs(
      restored.app,
      await signIn(restored.app, { ...bo, password: PASSWORD }),
    );
    for (const pb of [...pbs, ...boPbs]) {
      const file = await media(restored.app, pb.media.fullUrl);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(served.get(pb.title) ?? Buffer.alloc(0))).toBe(true);
    }
    expect(boPbs.map((pb) => pb.title)).toEqual(['Bench press']);
  });

  it('keeps the sessions signed before the backup', async () => {
    const res = await restored.app.inject({ method: 'GET', url: '/v1/pbs', headers: bearer(ada) });
    expect(res.statusCode).toBe(200);
  });

  it('refuses to restore into a folder that already holds data', async () => {
    const { code, out } = await run('restore', ['--from', backupDir], join(dir, 'restored'));
    expect(code).toBe(1);
    expect(out).toMatch(
      /already holds pbshare\.db, media\/, jwt-secret: restore only into an empty/,
    );
  });
});

describe('restore refuses', () => {
  it('a folder that is not a backup, such as the data folder itself', async () => {
    const target = join(dir, 'not-restored');
    const { code, out } = await run('restore', ['--from', join(dir, 'original')], target);
    expect(code).toBe(1);
    expect(out).toMatch(/is not a finished PBShare backup/);
    expect(existsSync(target)).toBe(false);
  });

  it('a backup missing media it lists, writing nothing', async () => {
    const partial = join(dir, 'partial');
    cpSync(backupDir, partial, { recursive: true });
    const pbsDir = join(partial, 'media', 'pbs');
    const [first] = readdirSync(pbsDir, { recursive: true, withFileTypes: true }).filter((e) =>
      e.isFile(),
    );
    if (!first) throw new Error('the backup holds no PB media');
    rmSync(join(first.parentPath, first.name));
    const target = join(dir, 'from-partial');
    mkdirSync(target);
    const { code, out } = await run('restore', ['--from', partial], target);
    expect(code).toBe(1);
    expect(out).toMatch(/the backup is incomplete/);
    expect(readdirSync(target)).toEqual([]);
  });
});
