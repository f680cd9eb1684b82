import { describe, expect, it, vi } from 'vitest';
import { NO_CHANGE_FEED } from '../db/change-feed.js';
import type { PreparedRead, PreparedReads } from '../db/prepared-read.js';
import { profileVersionReads, rememberedVersionReads } from './version-reads.js';

/** A stand-in database: one row per name key, read synchronously (as SQLite does) or not. */
function database(rows: Record<string, number>, mode: 'sync' | 'async' = 'sync') {
  const read = vi.fn((key: string | number) => {
    const version = rows[String(key)];
    const row = version === undefined ? undefined : { id: `id-${key}`, profile_version: version };
    return mode === 'sync' ? row : Promise.resolve(row);
  });
  const reads: PreparedReads = {
    prepare: <Row>() => read as unknown as PreparedRead<Row>,
    close: () => undefined,
  };
  return { read, reads };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('profileVersionReads', () => {
  it.each(['sync', 'async'] as const)(
    'answers the version by name key (%s driver)',
    async (mode) => {
      const { reads } = database({ maya: 3 }, mode);
      const versionOf = profileVersionReads(reads);
      expect(await versionOf('maya')).toEqual({ userId: 'id-maya', version: 3 });
      expect(await versionOf('nobody')).toBeUndefined();
    },
  );

  it('shares one read between requests for a name that arrive together', async () => {
    const { read, reads } = database({ maya: 1, sam: 7 });
    const versionOf = profileVersionReads(reads);
    const answers = await Promise.all([versionOf('maya'), versionOf('maya'), versionOf('sam')]);
    expect(answers.map((a) => a?.version)).toEqual([1, 1, 7]);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('never hands a request a read that started before it arrived', async () => {
    const rows = { maya: 1 };
    const { read, reads } = database(rows, 'async');
    const versionOf = profileVersionReads(reads);
    const first = versionOf('maya');
    await nextTurn(); // the shared read has started
    rows.maya = 2; // a change commits, then a request arrives
    const second = versionOf('maya');
    expect((await first)?.version).toBe(1);
    expect((await second)?.version).toBe(2);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('gives every request of a failed read the failure', async () => {
    const reads: PreparedReads = {
      prepare: () => () => {
        throw new Error('database gone');
      },
      close: () => undefined,
    };
    const versionOf = profileVersionReads(reads);
    const results = await Promise.allSettled([versionOf('maya'), versionOf('maya')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });
});

describe('rememberedVersionReads', () => {
  /** A read by name key over `rows`, counting calls; `during` runs while a read is in flight. */
  function counted(rows: Record<string, number>, during: () => void = () => undefined) {
    return vi.fn(async (key: string) => {
      during();
      await nextTurn();
      const version = rows[key];
      return version === undefined ? undefined : { userId: `id-${key}`, version };
    });
  }
  const feed = (epoch: number | undefined) => ({ epoch: () => epoch });

  it('reads every time while the feed does not vouch', async () => {
    const read = counted({ maya: 1 });
    const versionOf = rememberedVersionReads(read, feed(undefined));
    await versionOf('maya');
    await versionOf('maya');
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('is the read itself where there is no change feed (SQLite)', () => {
    const read = counted({ maya: 1 });
    expect(rememberedVersionReads(read, NO_CHANGE_FEED)).toBe(read);
  });

  it('answers from memory while the epoch stays, and reads again once it moves', async () => {
    const rows = { maya: 1 };
    const read = counted(rows);
    const at = { epoch: 7 as number | undefined };
    const versionOf = rememberedVersionReads(read, { epoch: () => at.epoch });
    expect(await versionOf('maya')).toEqual({ userId: 'id-maya', version: 1 });
    expect(await versionOf('maya')).toEqual({ userId: 'id-maya', version: 1 });
    expect(read).toHaveBeenCalledTimes(1);

    rows.maya = 2;
    at.epoch = 8;
    expect(await versionOf('maya')).toEqual({ userId: 'id-maya', version: 2 });
    expect(read).toHaveBeenCalledTimes(2);

    // A lapse forgets everything, even if the same epoch comes back.
    at.epoch = undefined;
    rows.maya = 3;
    expect(await versionOf('maya')).toEqual({ userId: 'id-maya', version: 3 });
    at.epoch = 8;
    rows.maya = 4;
    expect(await versionOf('maya')).toEqual({ userId: 'id-maya', version: 4 });
  });

  it('hands a remembered version over in the check phase, with the others that came together', async () => {
    const read = counted({ maya: 1, sam: 2 });
    const versionOf = rememberedVersionReads(read, feed(3));
    await Promise.all([versionOf('maya'), versionOf('sam')]);
    const order: string[] = [];
    const answer = (name: string) => versionOf(name).then(() => order.push(name));
    setImmediate(() => order.push('before'));
    const maya = answer('maya');
    setImmediate(() => order.push('between'));
    const sam = answer('sam');
    setImmediate(() => order.push('after'));
    // Answered at once, they would be in by now (an async function's return takes two ticks).
    await Promise.resolve();
    await Promise.resolve();
    await Promise.resolve();
    expect(order).toEqual([]);
    await Promise.all([maya, sam]);
    await nextTurn();
    // Both in the same check phase, one wait for the two, in the turn they came in.
    expect(order).toEqual(['before', 'maya', 'sam', 'between', 'after']);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('does not remember a read during which the epoch moved', async () => {
    const at = { epoch: 1 };
    const read = counted({ maya: 1 }, () => {
      at.epoch += 1;
    });
    const versionOf = rememberedVersionReads(read, { epoch: () => at.epoch });
    await versionOf('maya');
    await versionOf('maya');
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('never remembers a name nobody has', async () => {
    const read = counted({});
    const versionOf = rememberedVersionReads(read, feed(1));
    expect(await versionOf('nobody')).toBeUndefined();
    expect(await versionOf('nobody')).toBeUndefined();
    expect(read).toHaveBeenCalledTimes(2);
  });
});
