import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { ChangeFeed } from './change-feed.js';

/** The channel the `users` trigger (migration 009) and the feeds' barriers and acks share. */
export const FEED_CHANNEL = 'pbshare_feed';
/** A listening feed's `application_name`: how a writer finds who must acknowledge it. */
export const FEED_MEMBER_PREFIX = 'pbshare-feed ';

export interface ChangeFeedTiming {
  /** How long an answered ping lets the feed vouch, counted from when the ping was sent. */
  leaseMs: number;
  /** How often the listener pings: well inside the lease, so one slow ping does not lapse it. */
  pingEveryMs: number;
  /** How long a listener that failed waits before connecting again. */
  reconnectMs: number;
}

export const DEFAULT_FEED_TIMING: ChangeFeedTiming = {
  leaseMs: 2000,
  pingEveryMs: 500,
  reconnectMs: 1000,
};

/** A writer waits this much past the lease for a member that never acknowledges. */
const SETTLE_MARGIN_MS = 250;

interface Barrier {
  /** The members named when the barrier was sent; undefined until the query answers. */
  members: string[] | undefined;
  acked: Set<string>;
  done(): void;
}

/**
 * The change feed on PostgreSQL: one connection per process LISTENs on `pbshare_feed`, where a
 * trigger on `users` announces every profile version bump and every deleted user at commit.
 *
 * - Hearing a change moves the epoch, so what was remembered before it is read again.
 * - A writer, after its commit, sends a barrier and waits until every listening process (found by
 *   `application_name` in `pg_stat_activity`) acknowledges it. PostgreSQL delivers notifications
 *   in commit order, so a process that acknowledges the barrier has already heard the change.
 * - A process vouches only while its listener answers pings: each answered ping extends the
 *   lease to `leaseMs` after it was sent. A process that cannot acknowledge (event loop stalled,
 *   connection silently gone) stops vouching by the time the writer stops waiting for it.
 *
 * The listener connects on first use, so only processes that serve public answers or write
 * profiles hold one.
 */
export class PostgresChangeFeed implements ChangeFeed {
  private readonly node = randomBytes(6).toString('hex');
  private current = 0;
  private vouchedUntil = 0;
  private vouching = false;
  private listening: Promise<pg.Client> | undefined;
  private client: pg.Client | undefined;
  private pinger: NodeJS.Timeout | undefined;
  private pinging = false;
  private retryAt = 0;
  private barriers = 0;
  private readonly waiting = new Map<number, Barrier>();
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly timing: ChangeFeedTiming = DEFAULT_FEED_TIMING,
  ) {}

  epoch(): number | undefined {
    this.listen().catch(() => undefined);
    if (performance.now() >= this.vouchedUntil) {
      // Lapsed: whatever was remembered is read again, even if the lease comes back.
      if (this.vouching) this.moveEpoch();
      return undefined;
    }
    this.vouching = true;
    return this.current;
  }

  async settle(): Promise<void> {
    // Closing comes after the last request has been answered: nothing here is waited for.
    if (this.closed) return;
    const fallback = this.timing.leaseMs + SETTLE_MARGIN_MS;
    let client: pg.Client;
    try {
      client = await this.listen();
    } catch {
      // Unable to hear acknowledgements: wait out every lease that could still be vouching.
      await delay(fallback);
      return;
    }
    const id = ++this.barriers;
    let done: () => void = () => undefined;
    const finished = new Promise<void>((resolve) => {
      done = resolve;
    });
    const barrier: Barrier = { members: undefined, acked: new Set(), done };
    this.waiting.set(id, barrier);
    const timer = setTimeout(done, fallback).unref();
    try {
      const { rows } = await client.query<{ members: string[] }>(
        `select pg_notify($1, $2), array(
           select application_name from pg_stat_activity
           where datname = current_database() and starts_with(application_name, $3)
         ) as members`,
        [FEED_CHANNEL, `barrier ${this.node} ${id}`, FEED_MEMBER_PREFIX],
      );
      barrier.members = rows[0]?.members.map((name) => name.slice(FEED_MEMBER_PREFIX.length));
      this.checkBarrier(id);
    } catch {
      // Connection lost while sending: the timer ends the wait.
    }
    await finished;
    clearTimeout(timer);
    this.waiting.delete(id);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const barrier of this.waiting.values()) barrier.done();
    const listening = this.listening;
    this.drop();
    const client = await listening?.catch(() => undefined);
    await client?.end().catch(() => undefined);
  }

  private listen(): Promise<pg.Client> {
    if (this.closed) return Promise.reject(new Error('The change feed is closed.'));
    if (!this.listening) {
      if (performance.now() < this.retryAt) {
        return Promise.reject(new Error('The change feed is reconnecting.'));
      }
      const attempt = this.connect();
      this.listening = attempt;
      attempt.catch(() => {
        if (this.listening !== attempt) return;
        this.retryAt = performance.now() + this.timing.reconnectMs;
        this.listening = undefined;
      });
    }
    return this.listening;
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('error', () => {
      this.lost(client);
    });
    client.on('end', () => {
      this.lost(client);
    });
    client.on('notification', (message) => {
      this.heard(client, message);
    });
    // Current from the start, so a barrier heard while it is being named is acknowledged.
    this.client = client;
    try {
      await client.connect();
      await client.query(`listen ${FEED_CHANNEL}`);
      // Named only once listening: a writer waits for exactly the processes that can hear it.
      await client.query(`select set_config('application_name', $1, false)`, [
        FEED_MEMBER_PREFIX + this.node,
      ]);
      if (this.closed) throw new Error('The change feed is closed.');
    } catch (error) {
      if (this.client === client) this.client = undefined;
      await client.end().catch(() => undefined);
      throw error;
    }
    // Reads remembered before this listener could hear anything are not vouched for.
    this.moveEpoch();
    this.pinger = setInterval(() => void this.ping(client), this.timing.pingEveryMs).unref();
    void this.ping(client);
    return client;
  }

  private async ping(client: pg.Client): Promise<void> {
    if (this.pinging) return;
    this.pinging = true;
    const sentAt = performance.now();
    try {
      await client.query('select 1');
      if (client === this.client) {
        this.vouchedUntil = Math.max(this.vouchedUntil, sentAt + this.timing.leaseMs);
      }
    } catch {
      // The client's error or end event drops it.
    } finally {
      this.pinging = false;
    }
  }

  private heard(client: pg.Client, message: pg.Notification): void {
    if (message.channel !== FEED_CHANNEL || client !== this.client) return;
    const [kind, origin, id, member] = (message.payload ?? '').split(' ');
    if (kind === 'change') {
      this.moveEpoch();
    } else if (kind === 'barrier' && origin && id) {
      client
        .query('select pg_notify($1, $2)', [FEED_CHANNEL, `ack ${origin} ${id} ${this.node}`])
        .catch(() => undefined);
    } else if (kind === 'ack' && origin === this.node && member) {
      const barrier = this.waiting.get(Number(id));
      barrier?.acked.add(member);
      this.checkBarrier(Number(id));
    }
  }

  private checkBarrier(id: number): void {
    const barrier = this.waiting.get(id);
    if (barrier?.members?.every((member) => barrier.acked.has(member))) barrier.done();
  }

  private lost(client: pg.Client): void {
    if (client !== this.client) return;
    this.drop();
    this.retryAt = performance.now() + this.timing.reconnectMs;
    client.end().catch(() => undefined);
  }

  /** Stops vouching and forgets the listener (the caller ends it). */
  private drop(): void {
    clearInterval(this.pinger);
    this.pinger = undefined;
    this.client = undefined;
    this.listening = undefined;
    this.vouchedUntil = 0;
    this.moveEpoch();
  }

  private moveEpoch(): void {
    this.current += 1;
    this.vouching = false;
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
