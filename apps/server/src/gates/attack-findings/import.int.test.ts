import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { PbMediaStore } from '../../media/pb-media.js';
import { imported, onePhotoArchive } from '../../modules/data-export/import-waits.suite.js';
import { newSignedInUser } from '../../test/accounts.js';
import { useTestApp } from '../../test/file-hooks.js';
import { listPbs } from '../../test/pbs.js';

/*
 * Finding (issue 33, item 6): 200 records in pbshare.json naming one 43 KB photo had the import
 * decode and re-encode it 200 times (21.7 s) inside the request, outside every upload limit, and
 * three accounts doing so slowed another user's upload tenfold. The defence: an import is a job
 * (one per account, holding an upload slot), and each distinct file is processed once; the
 * other records get copies of what was stored.
 */

const t = useTestApp();

vi.setConfig({ testTimeout: 120_000 });

/** A photo of about the finding's size: noise does not compress. */
async function noisyPhoto(): Promise<Buffer> {
  const width = 400;
  const height = 300;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

describe('attack: an import archive naming one photo from 200 records', () => {
  it('decodes the photo once, answers at once, and stores a copy per record within the quota', async () => {
    const store = vi.spyOn(PbMediaStore.prototype, 'store');
    const me = await newSignedInUser(t, 'amplifier');
    const started = Date.now();
    const { accepted, ended } = await imported(
      t,
      me,
      await onePhotoArchive(await noisyPhoto(), 200),
    );
    expect(accepted.statusCode).toBe(202);
    expect(ended).toMatchObject({ status: 'done', result: { importedRecords: 200 } });
    // One decode and re-encode, not 200.
    expect(store).toHaveBeenCalledTimes(1);
    // 200 decodes took 21.7 s; copies are storage writes.
    expect(Date.now() - started).toBeLessThan(20_000);

    const [pb] = await listPbs(t.app, me);
    const records = pb ? [pb, ...pb.personalBestHistory] : [];
    expect(records).toHaveLength(200);
    // Each record owns its files: deleting one never takes another's.
    expect(new Set(records.map((r) => r.image)).size).toBe(200);

    // What is stored, copies included, is what counts against the quota: each record its own.
    const rows = await t.database.db
      .selectFrom('pb_records')
      .innerJoin('users', 'users.id', 'pb_records.user_id')
      .select('pb_records.media_bytes')
      .where('users.email', '=', me.email)
      .execute();
    const sizes = new Set(rows.map((r) => r.media_bytes));
    expect(rows).toHaveLength(200);
    expect(sizes.size).toBe(1);
    expect([...sizes][0]).toBeGreaterThan(0);
    store.mockRestore();
  });
});
