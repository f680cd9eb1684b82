import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { waitUntil } from '../../test/wait-until.js';

const script = resolve(import.meta.dirname, 'slow-worker.ts');

export interface SlowWorker {
  /** Resolves with the attempt number once the worker has started running the job. */
  claimed(): Promise<number>;
  /** kill -9, then waits for the process to be gone. */
  kill(): Promise<void>;
}

/** Starts slow-worker.ts in its own process, the way `npm run dev` runs the server from source. */
export function spawnSlowWorker(
  dir: string,
  env: {
    JOBS_KIND: string;
    JOBS_DATA_DIR: string;
    JOBS_DATABASE_URL?: string | undefined;
    JOBS_LEASE_MS: string;
    JOBS_REDIS_URL?: string;
    JOBS_REDIS_PREFIX?: string;
  },
): SlowWorker {
  const marker = join(dir, `claimed-${env.JOBS_KIND}`);
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=@pbshare/source', script],
    {
      env: { ...process.env, ...definedOnly(env), JOBS_MARKER: marker },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const exited = new Promise<void>((done) => {
    child.once('exit', () => {
      done();
    });
  });
  let gone = false;
  void exited.then(() => (gone = true));
  return {
    async claimed() {
      await waitUntil(
        'the worker process claimed the job',
        () => gone || existsSync(marker),
        15_000,
      );
      if (!existsSync(marker)) throw new Error('The worker process exited before claiming the job');
      return Number(readFileSync(marker, 'utf8'));
    },
    async kill() {
      if (!gone) child.kill('SIGKILL');
      await exited;
    },
  };
}

function definedOnly(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}
