import {
  DATA_ARCHIVE_FORMAT,
  DATA_ARCHIVE_JSON_NAME,
  DATA_ARCHIVE_VERSION,
  type DataArchive,
  type DataImportStatus,
} from '@pbshare/shared';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { bearer, type SignedIn } from '../../test/accounts.js';
import { jobsSettled } from '../../test/jobs.js';
import type { TestApp } from '../../test/test-app.js';
import { waitUntil } from '../../test/wait-until.js';
import { importAs, zipOf } from '../../test/zip-archive.js';

/*
 * Test helpers for imports, which answer 202 and finish in the data-import job. (Here rather
 * than in test/zip-archive.ts, which belongs to another change; they can move there.)
 */

export async function latestImport(
  { app }: Pick<TestApp, 'app'>,
  session: SignedIn,
): Promise<DataImportStatus | undefined> {
  const res = await app.inject({
    method: 'GET',
    url: '/v1/users/import',
    headers: bearer(session),
  });
  if (res.statusCode === 404) return undefined;
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: DataImportStatus }>().data;
}

/**
 * Waits until the account's latest import has ended, and answers how; then until every job is
 * done, so the import's archive has left the media store too.
 */
export async function importEnded(
  t: Pick<TestApp, 'app' | 'database'>,
  session: SignedIn,
  timeoutMs = 60_000,
): Promise<DataImportStatus> {
  let latest: DataImportStatus | undefined;
  await waitUntil(
    'the import has ended',
    async () => {
      latest = await latestImport(t, session);
      return latest?.status === 'done' || latest?.status === 'failed';
    },
    timeoutMs,
  );
  if (!latest) throw new Error('no import');
  await jobsSettled(t.database.db, timeoutMs);
  return latest;
}

/** Posts the archive, expects it accepted (202), and waits for the job to end it. */
export async function imported(
  t: Pick<TestApp, 'app' | 'database'>,
  session: SignedIn,
  zip: Buffer,
): Promise<{ accepted: LightMyRequestResponse; ended: DataImportStatus }> {
  const accepted = await importAs(t.app, session, zip);
  expect(accepted.statusCode, accepted.body).toBe(202);
  const { data } = accepted.json<{ data: DataImportStatus }>();
  expect(data).toMatchObject({ status: 'queued', result: null });
  const ended = await importEnded(t, session);
  expect(ended.id).toBe(data.id);
  return { accepted, ended };
}

/**
 * An archive of `records` Deadlift records, each with a photo: all naming one entry, or each its
 * own entry holding the same bytes (`sameBytes`).
 */
export async function onePhotoArchive(
  photo: Buffer,
  records: number,
  { sameBytes = false } = {},
): Promise<Buffer> {
  const entries = new Map<string, Buffer>();
  const day = (i: number) => new Date(Date.UTC(2024, 0, 1) + i * 86_400_000);
  const archive: DataArchive = {
    format: DATA_ARCHIVE_FORMAT,
    version: DATA_ARCHIVE_VERSION,
    exportedAt: new Date().toISOString(),
    profile: { username: 'attacker', bio: '', avatar: null, tier: 'free' },
    exercises: [
      {
        title: 'Deadlift',
        category: 'Weight Training',
        isVisible: true,
        order: 0,
        records: Array.from({ length: records }, (_, i) => {
          const file = sameBytes ? `media/r${i}/photo.jpg` : 'media/one/photo.jpg';
          entries.set(file, photo);
          return {
            amount: 100 + i,
            unit: 'kg' as const,
            achievedOn: day(i).toISOString().slice(0, 10),
            sets: 1,
            reps: 1,
            story: '',
            createdAt: day(i).toISOString(),
            media: { type: 'image' as const, file, card: null, poster: null },
          };
        }),
      },
    ],
  };
  entries.set(DATA_ARCHIVE_JSON_NAME, Buffer.from(JSON.stringify(archive)));
  return zipOf(entries);
}
