import { describe, expect, it, vi } from 'vitest';
import type { PreparedRead, PreparedReads } from '../../db/prepared-reads.js';
import { profileVersionReads } from './version-reads.js';

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
