import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { ChangeFeed } from '../db/change-feed.js';

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
 * - A process vouches only on a lease, renewed by hearing its own pings: each ping is a
 *   notification on the same channel, so hearing it proves, by commit order, that every change
 *   committed before it was sent has been heard too, and that the connection still hears at all
 *   (a proxy that moved LISTEN elsewhere could answer queries yet deliver nothing). A ping heard
 *   renews the lease to `leaseMs` after it was sent. A process that cannot acknowledge (event
 *   loop stalled, connection silently gone) stops vouching by the time the writer stops waiting
 *   for it; a ping unheard for a whole lease drops the connection and opens a new one.
 * - Until migration 009's trigger exists, nothing announces a change: the feed does not vouch.
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
  /** The ping sent and not yet heard on the current listener, if any. */
  private ping: { id: number; sentAt: number } | undefined;
  private pings = 0;
  private retryAt = 0;
  private barriers = 0;
  private readonly waiting = new Map<number, Barrier>();
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly timing: ChangeFeedTiming = DEFAULT_FEED_TIMING,
  ) {}

  epoch(): number | undefined {
    // On every public request: start listening if due, without making a promise when not.
    if (!this.listening && !this.closed && performance.now() >= this.retryAt) {
      this.listen().catch(() => undefined);
    }
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
    const id = ++this.barriers;
    let done: () => void = () => undefined;
    const finished = new Promise<void>((resolve) => {
      done = resolve;
    });
    const barrier: Barrier = { members: undefined, acked: new Set(), done };
    this.waiting.set(id, barrier);
    // Whatever happens below (no listener, a connect or a query that hangs), the wait ends once
    // every lease that could still be vouching for the old page is over.
    const timer = setTimeout(done, this.timing.leaseMs + SETTLE_MARGIN_MS).unref();
    void this.sendBarrier(id, barrier);
    await finished;
    clearTimeout(timer);
    this.waiting.delete(id);
  }

  private async sendBarrier(id: number, barrier: Barrier): Promise<void> {
    try {
      const client = await this.listen();
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
      // No listener, or it was lost while sending: settle's timer ends the wait.
    }
  }

  /**
   * Ends the listener. Writers still waiting are let go: the app closes its database only after
   * its last request has been answered, so none of them has a client left to answer.
   */
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
    // Keep-alive, so a peer that vanished without a word is noticed by the socket too.
    const client = new pg.Client({
      connectionString: this.url,
      keepAlive: true,
      connectionTimeoutMillis: this.timing.leaseMs,
    });
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
      const trigger = await client.query(
        `select 1 from pg_trigger where tgname = 'users_profile_changed' and not tgisinternal`,
      );
      if (trigger.rowCount === 0) throw new Error('Nothing announces changes yet (migration 009).');
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
    this.ping = undefined;
    this.pinger = setInterval(() => {
      this.sendPing(client);
    }, this.timing.pingEveryMs).unref();
    this.sendPing(client);
    return client;
  }

  /** One ping in flight at a time; one unheard for a whole lease means the listener is lost. */
  private sendPing(client: pg.Client): void {
    if (client !== this.client) return;
    const now = performance.now();
    if (this.ping) {
      if (now - this.ping.sentAt >= this.timing.leaseMs) this.lost(client);
      return;
    }
    const id = ++this.pings;
    this.ping = { id, sentAt: now };
    client
      .query('select pg_notify($1, $2)', [FEED_CHANNEL, `ping ${this.node} ${id}`])
      .catch(() => undefined);
  }

  private heard(client: pg.Client, message: pg.Notification): void {
    if (message.channel !== FEED_CHANNEL || client !== this.client) return;
    const [kind, origin, id, member] = (message.payload ?? '').split(' ');
    if (kind === 'change') {
      this.moveEpoch();
    } else if (kind === 'ping' && origin === this.node) {
      if (this.ping?.id === Number(id)) {
        this.vouchedUntil = Math.max(this.vouchedUntil, this.ping.sentAt + this.timing.leaseMs);
        this.ping = undefined;
      }
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
    this.ping = undefined;
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
