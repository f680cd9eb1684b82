// Crash durability: writers work against the server, which is killed with SIGKILL at a random
// moment, then started again on the same data; every write acknowledged before the kill must be
// there afterwards, and the SQLite file must pass its integrity check.
import Database from '@pbshare/sqlite';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import sharp from 'sharp';
import { startServer } from './server.mjs';
import { verifyWrites } from './verify.mjs';
import { Ledger, runWriter } from './writers.mjs';

function sqliteIntegrity(dataDir) {
  const db = new Database(join(dataDir, 'pbshare.db'));
  try {
    return db.pragma('integrity_check', { simple: true });
  } finally {
    db.close();
  }
}

/**
 * @param {{ cycles: number, writers: number, dataDir: string, port: number, databaseUrl?: string,
 *   minUpMs: number, maxUpMs: number, log: (line: string) => void }} options
 */
export async function crashCycles(options) {
  const { cycles, writers, dataDir, port, databaseUrl, log } = options;
  const jwtSecret = randomBytes(32).toString('hex');
  const image = await sharp({
    create: { width: 400, height: 300, channels: 3, background: '#2563eb' },
  })
    .jpeg()
    .toBuffer();
  const ledger = new Ledger();
  const summary = { cycles: 0, lost: [], mediaMissing: [], verifyHung: 0, integrity: [] };
  // Each writer keeps its account across crashes, as a person would after a reload.
  const states = Array.from({ length: writers }, () => ({}));

  let unchecked = 0;
  const checkSinceLastCrash = async (base, cycle) => {
    const result = await verifyWrites(base, ledger.acknowledged.slice(unchecked));
    summary.lost.push(...result.lost);
    summary.mediaMissing.push(...result.mediaMissing);
    summary.verifyHung += result.hung;
    log(
      `  cycle ${cycle}: ${ledger.acknowledged.length - unchecked} writes acknowledged before the kill, ${result.lost.length} lost, ${result.mediaMissing.length} media missing`,
    );
    unchecked = ledger.acknowledged.length;
  };

  for (let cycle = 1; cycle <= cycles; cycle++) {
    const server = await startServer({ dataDir, port, jwtSecret, databaseUrl });
    // First, on the restarted server, the writes acknowledged before the previous kill.
    if (cycle > 1) await checkSinceLastCrash(server.base, cycle - 1);
    let stopped = false;
    const running = states.map((state, i) =>
      runWriter({
        server,
        dataDir,
        clientId: `10.${cycle % 250}.${Math.floor(i / 250)}.${(i % 250) + 1}`,
        ledger,
        image,
        stop: () => stopped,
        state,
      }),
    );
    const upMs = options.minUpMs + Math.random() * (options.maxUpMs - options.minUpMs);
    await new Promise((r) => setTimeout(r, upMs));
    await server.kill();
    stopped = true;
    await Promise.all(running);
    summary.cycles += 1;
    if (!databaseUrl) {
      const integrity = sqliteIntegrity(dataDir);
      if (integrity !== 'ok') summary.integrity.push(`after cycle ${cycle}: ${integrity}`);
    }
  }

  const last = await startServer({ dataDir, port, jwtSecret, databaseUrl });
  await checkSinceLastCrash(last.base, cycles);
  // Once more, everything from every cycle: a later crash must not undo earlier work.
  const final = await verifyWrites(last.base, ledger.acknowledged);
  await last.stop();
  if (!databaseUrl) {
    const integrity = sqliteIntegrity(dataDir);
    if (integrity !== 'ok') summary.integrity.push(`at the end: ${integrity}`);
  }

  return {
    cycles: summary.cycles,
    acknowledged: ledger.acknowledged.length,
    byKind: countBy(ledger.acknowledged.map((w) => w.kind)),
    lost: [...new Set([...summary.lost, ...final.lost])],
    mediaMissing: [...new Set([...summary.mediaMissing, ...final.mediaMissing])],
    hung: ledger.hung + summary.verifyHung + final.hung,
    dropped: ledger.dropped,
    unexpected: ledger.unexpected,
    integrity: summary.integrity,
  };
}

function countBy(values) {
  const counts = {};
  for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
  return counts;
}
