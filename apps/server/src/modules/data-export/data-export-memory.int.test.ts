import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { get } from 'node:http';
import { join } from 'node:path';
import type { User } from '@pbshare/shared';
import { describe, expect, it } from 'vitest';
import { bearer, grantProByHand, newSignedInUser } from '../../test/accounts.js';
import { useTestApp } from '../../test/file-hooks.js';
import { listenLocally } from '../../test/raw-http.js';
import { createStorage } from '../../storage/create-storage.js';
import type { Storage } from '../../storage/storage.js';
import { DataExportRepository, type ImportedExercise } from './repository.js';

const t = useTestApp();

const MB = 1024 * 1024;
const VIDEOS = 10;
const VIDEO_BYTES = 10 * MB;

/** A file of random (incompressible) bytes, written a megabyte at a time. */
async function randomFile(path: string, bytes: number): Promise<void> {
  const out = createWriteStream(path);
  for (let written = 0; written < bytes; written += MB) {
    if (!out.write(randomBytes(MB))) {
      await new Promise<void>((resolve) => {
        out.once('drain', () => {
          resolve();
        });
      });
    }
  }
  await new Promise<void>((resolve, reject) => {
    out.end((err?: Error | null) => {
      if (err) reject(err);
      else resolve();
    });
  });
}

describe('GET /v1/users/export of an account with 100 MB of media', () => {
  it('streams it with a small, flat memory footprint', { timeout: 120_000 }, async () => {
    const me = await newSignedInUser(t, 'heavy');
    await grantProByHand(t.database, me.email);
    const profile = await t.app.inject({
      method: 'GET',
      url: '/v1/users/profile',
      headers: bearer(me),
    });
    const userId = profile.json<{ data: User }>().data.id;

    // The media and rows are made through the storage and repository layers, not uploaded.
    const storage: Storage = await createStorage(t.config);
    const tmp = join(t.config.dataDir, 'tmp');
    await mkdir(tmp, { recursive: true });
    const records: ImportedExercise['records'] = [];
    for (let i = 0; i < VIDEOS; i++) {
      const source = join(tmp, `${randomUUID()}.bin`);
      await randomFile(source, VIDEO_BYTES);
      const key = `pbs/${randomUUID()}/video.mp4`;
      await storage.putFile(key, source, 'video/mp4');
      records.push({
        id: randomUUID(),
        amount: 60 + i,
        unit: 'duration',
        sets: null,
        reps: null,
        story: '',
        achievedOn: `2026-01-${String(i + 1).padStart(2, '0')}`,
        createdAt: new Date().toISOString(),
        media: {
          type: 'video',
          status: 'ready',
          originalKey: null,
          durationSeconds: null,
          mediaKey: key,
          cardKey: null,
          posterKey: null,
          width: 640,
          height: 360,
          bytes: VIDEO_BYTES,
        },
      });
    }
    const outcome = await new DataExportRepository(t.database).importInto(
      userId,
      [
        {
          id: randomUUID(),
          title: 'Sprints',
          titleKey: 'sprints',
          category: 'Running',
          isVisible: true,
          records,
        },
      ],
      {},
    );
    expect(outcome.done).toBe(true);

    const port = await listenLocally(t.app);
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    let received = 0;
    const status = await new Promise<number>((resolve, reject) => {
      get({ host: '127.0.0.1', port, path: '/v1/users/export', headers: bearer(me) }, (res) => {
        let paused = false;
        res.on('data', (chunk: Buffer) => {
          received += chunk.length;
          // A slow client for a while: the server must wait, not buffer the rest.
          if (!paused && received > 30 * MB) {
            paused = true;
            res.pause();
            setTimeout(() => {
              res.resume();
            }, 1000);
          }
        });
        res.on('end', () => {
          resolve(res.statusCode ?? 0);
        });
        res.on('error', reject);
      }).on('error', reject);
    });
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const growthMb = (peak - baseline) / MB;
    console.warn(
      `data export: ${(received / MB).toFixed(1)} MB streamed, RSS growth ${growthMb.toFixed(1)} MB (baseline ${(baseline / MB).toFixed(0)} MB, peak ${(peak / MB).toFixed(0)} MB)`,
    );
    expect(status).toBe(200);
    expect(received).toBeGreaterThan(VIDEOS * VIDEO_BYTES);
    expect(growthMb).toBeLessThan(40);
  });
});
