import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { PersonalBest } from '@pbshare/shared';
import sharp from 'sharp';
import { bearer, type SignedIn } from './accounts.js';
import { formData, type Upload } from './form-data.js';
import { waitUntil } from './wait-until.js';

export const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name));

/** A JPEG with a GPS position and a camera comment in its EXIF, all of which must be stripped. */
export function jpegWithGps(width = 1600, height = 1200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#2563eb' } })
    .withExif({
      IFD0: { Make: 'SecretCam', ImageDescription: 'at home 51.5074 N' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 2664/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 3288/100',
      },
    })
    .jpeg()
    .toBuffer();
}

export const weightFields = (title = 'Deadlift', value = '225 lbs') => ({
  title,
  category: 'Weight Training',
  value,
  date: '2026-03-14',
  sets: '1',
  reps: '1',
  story: 'Four plates at last.',
});

export function postPb(
  app: FastifyInstance,
  session: SignedIn,
  fields: Record<string, string>,
  files: Upload[] = [],
) {
  return app.inject({
    method: 'POST',
    url: '/v1/pbs',
    headers: bearer(session),
    payload: formData(fields, files),
  });
}

export async function createPb(
  app: FastifyInstance,
  session: SignedIn,
  fields: Record<string, string> = weightFields(),
  files?: Upload[],
): Promise<PersonalBest> {
  const res = await postPb(
    app,
    session,
    fields,
    files ?? [{ data: await jpegWithGps(320, 240), contentType: 'image/jpeg' }],
  );
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.body}`);
  return res.json<{ data: PersonalBest }>().data;
}

export async function listPbs(app: FastifyInstance, session: SignedIn): Promise<PersonalBest[]> {
  const res = await app.inject({ method: 'GET', url: '/v1/pbs', headers: bearer(session) });
  return res.json<{ data: PersonalBest[] }>().data;
}

/** Every file below `dir`, as paths relative to it ('' when the folder does not exist). */
export function filesUnder(dir: string): string[] {
  const walk = (at: string, prefix: string): string[] => {
    let entries;
    try {
      entries = readdirSync(at, { withFileTypes: true });
    } catch {
      return [];
    }
    return entries.flatMap((e) =>
      e.isDirectory() ? walk(join(at, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
    );
  };
  return walk(dir, '');
}

/** Every file under DATA_DIR/media and the upload temp folder, relative paths. */
export function storedFiles(dataDir: string): string[] {
  return [
    ...filesUnder(join(dataDir, 'media')).map((f) => join('media', f)),
    ...filesUnder(join(dataDir, 'tmp')).map((f) => join('tmp', f)),
  ];
}

export const mediaPath = (dataDir: string, url: string) =>
  join(dataDir, 'media', url.replace(/^\/media\//, ''));

/**
 * The record once its media has left 'processing' (the in-process worker made the rendition, or
 * gave up), read as its owner reads it. Bounded: a video job that never finishes fails the test.
 */
export async function settledPb(
  app: FastifyInstance,
  session: SignedIn,
  id: string,
  timeoutMs = 30_000,
): Promise<PersonalBest> {
  let pb: PersonalBest | undefined;
  await waitUntil(
    `PB ${id} has left 'processing'`,
    async () => {
      const res = await app.inject({
        method: 'GET',
        url: `/v1/pbs/${id}`,
        headers: bearer(session),
      });
      pb = res.json<{ data: PersonalBest }>().data;
      return pb.media.status !== 'processing';
    },
    timeoutMs,
  );
  if (!pb) throw new Error(`PB ${id} was never read`);
  return pb;
}

/** Waits until no record of the account (current or history) is still processing. */
export async function settleAll(app: FastifyInstance, session: SignedIn): Promise<void> {
  for (const pb of await listPbs(app, session)) {
    for (const record of [pb, ...pb.personalBestHistory]) {
      if (record.media.status === 'processing') await settledPb(app, session, record.id);
    }
  }
}
