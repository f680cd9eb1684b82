import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { setPriority } from 'node:os';

export interface FfmpegLimits {
  /** The run is killed after this long. */
  timeoutMs: number;
  /** Address space ffmpeg may map (prlimit --as), so one bad file cannot take the machine. */
  memoryBytes: number;
}

export const DEFAULT_FFMPEG_LIMITS: FfmpegLimits = {
  timeoutMs: 5 * 60_000,
  memoryBytes: 3 * 1024 ** 3,
};

/** What ffmpeg or ffprobe said when it failed: its last lines, for the job's parked error. */
export class FfmpegError extends Error {
  constructor(
    message: string,
    readonly stderr: string,
  ) {
    super(message);
    this.name = 'FfmpegError';
  }
}

/** Kept from ffmpeg's stderr for an error message: enough to see why, not a whole log. */
const STDERR_TAIL_CHARS = 4000;
/** Niceness for media work: the web requests on the same cores come first. */
const LOW_PRIORITY = 15;
const PRLIMIT = '/usr/bin/prlimit';

/**
 * Runs ffmpeg or ffprobe on local files only, with a time limit, a memory limit (where prlimit
 * exists), low CPU priority, and stdin closed. Resolves with stdout; rejects with an FfmpegError
 * carrying stderr's tail when the exit is not clean, the time runs out or `signal` aborts.
 */
export function runFfmpeg(
  binary: string,
  args: readonly string[],
  limits: FfmpegLimits = DEFAULT_FFMPEG_LIMITS,
  signal?: AbortSignal,
): Promise<string> {
  const [command, commandArgs] = withMemoryLimit(binary, args, limits.memoryBytes);
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
    if (child.pid) {
      try {
        setPriority(child.pid, LOW_PRIORITY);
      } catch {
        // Not allowed to lower it here: the run goes on at normal priority.
      }
    }
    const out: Buffer[] = [];
    let err = '';
    let why: string | undefined;
    const stop = (reason: string) => {
      why ??= reason;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => {
      stop(`timed out after ${limits.timeoutMs} ms`);
    }, limits.timeoutMs);
    const onAbort = () => {
      stop('aborted');
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      err = (err + chunk.toString('utf8')).slice(-STDERR_TAIL_CHARS);
    });
    child.on('error', (error) => {
      why ??= error.message;
    });
    child.on('close', (code, killedBy) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (code === 0 && !why) {
        resolve(Buffer.concat(out).toString('utf8'));
        return;
      }
      const reason = why ?? (killedBy ? `killed by ${killedBy}` : `exit code ${String(code)}`);
      reject(new FfmpegError(`${binary} failed: ${reason}`, err));
    });
  });
}

function withMemoryLimit(
  binary: string,
  args: readonly string[],
  memoryBytes: number,
): [string, string[]] {
  if (!existsSync(PRLIMIT)) return [binary, [...args]];
  return [PRLIMIT, [`--as=${memoryBytes}`, '--', binary, ...args]];
}
