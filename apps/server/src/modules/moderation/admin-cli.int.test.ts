import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bearer, newSignedInUser } from '../../test/accounts.js';
import { useTestApp } from '../../test/file-hooks.js';
import { ADMIN_USAGE, runAdminCommand } from './admin-cli.js';
import { ModerationRepository } from './repository.js';

// `npm run admin -- grant|revoke|list` runs src/admin.ts (compiled, through scripts/start.mjs
// --admin); here its source, on the test's database: the SQLite file in DATA_DIR, or the
// PostgreSQL database in DATABASE_URL.

const entry = resolve(import.meta.dirname, '../../admin.ts');
const t = useTestApp();

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function admin(...args: string[]): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--conditions=@pbshare/source', entry, ...args],
      {
        env: {
          ...process.env,
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          DATA_DIR: t.config.dataDir,
          DATABASE_URL: t.config.databaseUrl ?? '',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', fail);
    child.on('exit', (code) => {
      done({ code, stdout, stderr });
    });
  });
}

const queueAs = (session: Parameters<typeof bearer>[0]) =>
  t.app.inject({ method: 'GET', url: '/v1/admin/queue', headers: bearer(session) });

describe('npm run admin', () => {
  it('grants, lists and revokes admins by e-mail', { timeout: 60_000 }, async () => {
    const first = await newSignedInUser(t, 'FirstAdmin');
    const second = await newSignedInUser(t, 'SecondAdmin');
    expect((await queueAs(first)).statusCode).toBe(404);

    const granted = await admin('grant', `  ${first.email.toUpperCase()} `);
    expect(granted).toMatchObject({ code: 0, stdout: `${first.email} is now an admin.\n` });
    expect((await queueAs(first)).statusCode).toBe(200);
    expect(await admin('grant', first.email)).toMatchObject({
      code: 0,
      stdout: `${first.email} was already an admin.\n`,
    });
    expect((await admin('grant', second.email)).code).toBe(0);

    const list = await admin('list');
    expect(list.code).toBe(0);
    const lines = list.stdout.trim().split('\n');
    expect(lines.map((line) => line.split('\t')[0])).toEqual([first.email, second.email]);
    for (const line of lines) {
      expect(Number.isNaN(Date.parse(line.split('\t')[1] ?? ''))).toBe(false);
    }

    expect(await admin('revoke', first.email)).toMatchObject({
      code: 0,
      stdout: `${first.email} is no longer an admin.\n`,
    });
    expect((await queueAs(first)).statusCode).toBe(404);
    expect((await queueAs(second)).statusCode).toBe(200);
    expect((await admin('list')).stdout).toBe(
      `${second.email}\t${lines[1]?.split('\t')[1] ?? ''}\n`,
    );
  });

  it(
    'exits 1 for an e-mail no account has, or a command it does not know',
    { timeout: 60_000 },
    async () => {
      const unknown = await admin('grant', 'nobody-at-all@example.com');
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('No account has the e-mail nobody-at-all@example.com.');
      const bare = await admin();
      expect(bare.code).toBe(1);
      expect(bare.stderr).toContain(ADMIN_USAGE);
      // The other refusals, without a process each.
      const err: string[] = [];
      const deps = {
        repo: new ModerationRepository(t.database.db),
        users: { findByEmail: () => Promise.resolve(undefined) },
      };
      for (const args of [
        ['revoke', 'nobody-at-all@example.com'],
        ['promote', 'a@example.com'],
        ['grant'],
        ['list', 'extra'],
        ['grant', 'a@example.com', 'b@example.com'],
      ]) {
        const code = await runAdminCommand(args, deps, {
          out: () => undefined,
          err: (l) => err.push(l),
        });
        expect(code, args.join(' ')).toBe(1);
      }
      expect(err).toEqual([
        'No account has the e-mail nobody-at-all@example.com.',
        ...Array<string>(4).fill(ADMIN_USAGE),
      ]);
    },
  );
});
