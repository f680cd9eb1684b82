import type { FastifyBaseLogger } from 'fastify';

/** After aborting the jobs still running at shutdown, how long to let them store their outcome. */
const ABORTED_GRACE_MS = 1000;

/**
 * The attempts a runner has going, so that stopping is bounded: running jobs get a grace period
 * to finish, then their signals abort; a job that ignores its signal is left behind (its lease
 * or BullMQ lock then runs out and another runner takes it over).
 */
export class InFlight {
  private readonly running = new Set<Promise<unknown>>();
  private readonly stopping = new AbortController();

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Aborts when the runner gives up waiting for its jobs. */
  get stopSignal(): AbortSignal {
    return this.stopping.signal;
  }

  get size(): number {
    return this.running.size;
  }

  track(attempt: Promise<unknown>): void {
    const tracked = attempt
      .catch((err: unknown) => {
        this.log.error({ err }, 'A job attempt failed outside the job');
      })
      .finally(() => this.running.delete(tracked));
    this.running.add(tracked);
  }

  /** Call once nothing new can start. False when jobs that ignored their signal were left. */
  async drain(graceMs: number): Promise<boolean> {
    if (await this.settledWithin(graceMs)) return true;
    this.log.warn({ running: this.size }, 'Jobs still running at shutdown: aborting them');
    this.stopping.abort(new Error('The job runner is stopping'));
    if (await this.settledWithin(ABORTED_GRACE_MS)) return true;
    this.log.warn({ running: this.size }, 'Jobs ignored their abort signal: leaving them behind');
    return false;
  }

  private async settledWithin(ms: number): Promise<boolean> {
    if (this.running.size === 0) return true;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<false>((resolve) => {
      timer = setTimeout(() => {
        resolve(false);
      }, ms);
    });
    const settled = Promise.allSettled([...this.running]).then(() => true);
    const result = await Promise.race([settled, timedOut]);
    clearTimeout(timer);
    return result;
  }
}
