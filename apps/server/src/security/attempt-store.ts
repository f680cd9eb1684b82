/** One key's count in its current window, with the time of its latest increment (ms since epoch). */
export interface AttemptCounter {
  count: number;
  lastAt: number;
  resetAt: number;
}

/**
 * Where attempt counters live. Asynchronous so a shared store (Redis: HINCRBY plus PEXPIRE on a
 * hash per key) can replace the in-memory one when several processes must agree on the counts.
 */
export interface AttemptStore {
  /** Adds one to the key's count, opening a window of `windowMs` if none is open. */
  increment(key: string, windowMs: number): Promise<AttemptCounter>;
  /**
   * Takes one back: a count reserved before its outcome was known that turned out not to count
   * (refused after all, or a success). The key goes at zero; the window and lastAt stay.
   */
  decrement(key: string): Promise<void>;
  /** The key's counter, or undefined when its window has closed or it never counted. */
  get(key: string): Promise<AttemptCounter | undefined>;
  reset(key: string): Promise<void>;
}

/** Above this many live keys, expired ones are swept and then the oldest are dropped. */
const MAX_KEYS = 50_000;

/**
 * Counters in process memory: each process counts on its own, so with several processes a client
 * gets each process's allowance. Bounded: under a flood of distinct keys the oldest windows are
 * forgotten first, which weakens limits rather than exhausting memory.
 */
export class MemoryAttemptStore implements AttemptStore {
  private readonly counters = new Map<string, AttemptCounter>();

  constructor(private readonly now: () => number = () => Date.now()) {}

  increment(key: string, windowMs: number): Promise<AttemptCounter> {
    const now = this.now();
    const current = this.live(key);
    const next = current
      ? { ...current, count: current.count + 1, lastAt: now }
      : { count: 1, lastAt: now, resetAt: now + windowMs };
    // Delete first so the Map's insertion order stays "least recently counted first".
    this.counters.delete(key);
    this.counters.set(key, next);
    if (this.counters.size > MAX_KEYS) this.shrink();
    return Promise.resolve({ ...next });
  }

  decrement(key: string): Promise<void> {
    const current = this.live(key);
    if (current && current.count > 1) current.count -= 1;
    else if (current) this.counters.delete(key);
    return Promise.resolve();
  }

  get(key: string): Promise<AttemptCounter | undefined> {
    const counter = this.live(key);
    return Promise.resolve(counter && { ...counter });
  }

  reset(key: string): Promise<void> {
    this.counters.delete(key);
    return Promise.resolve();
  }

  private live(key: string): AttemptCounter | undefined {
    const counter = this.counters.get(key);
    if (counter && counter.resetAt <= this.now()) {
      this.counters.delete(key);
      return undefined;
    }
    return counter;
  }

  private shrink(): void {
    const now = this.now();
    for (const [key, counter] of this.counters) {
      if (counter.resetAt <= now) this.counters.delete(key);
    }
    for (const key of this.counters.keys()) {
      if (this.counters.size <= MAX_KEYS) break;
      this.counters.delete(key);
    }
  }
}
