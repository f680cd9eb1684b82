import { DATA_ARCHIVE_JSON_NAME, type DataArchive } from '@pbshare/shared';
import type { FastifyInstance } from 'fastify';
import yauzl from 'yauzl';
import { ZipFile } from 'yazl';
import { bearer, type SignedIn } from './accounts.js';
import { formData } from './form-data.js';

/** Every entry of a ZIP, unpacked (the tests' archives are small). */
export async function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  const file = await yauzl.fromBufferPromise(zip, { lazyEntries: true });
  const entries = new Map<string, Buffer>();
  for await (const entry of file.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const chunk of await file.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    entries.set(entry.fileName, Buffer.concat(chunks));
  }
  return entries;
}

export function archiveJsonOf(entries: Map<string, Buffer>): DataArchive {
  const json = entries.get(DATA_ARCHIVE_JSON_NAME);
  if (!json) throw new Error('no pbshare.json in the archive');
  return JSON.parse(json.toString('utf8')) as DataArchive;
}

/** A ZIP of these entries, in this order; media stored, everything else deflated. */
export async function zipOf(entries: Map<string, Buffer>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, data] of entries) {
    zip.addBuffer(data, name, { compress: name.endsWith('.json') });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The entries with pbshare.json replaced by `json`. */
export function withJson(entries: Map<string, Buffer>, json: unknown): Map<string, Buffer> {
  const copy = new Map(entries);
  copy.set(DATA_ARCHIVE_JSON_NAME, Buffer.from(JSON.stringify(json)));
  return copy;
}

/**
 * The archive with every occurrence of `from` in its entry names (local headers and central
 * directory) overwritten by `to`, of the same length: how a name no ZIP writer would make
 * (`../`, an absolute path) gets into a test archive.
 */
export function renameEntry(zip: Buffer, from: string, to: string): Buffer {
  if (from.length !== to.length) throw new Error('names must have the same length');
  const out = Buffer.from(zip);
  const needle = Buffer.from(from, 'latin1');
  let at = out.indexOf(needle);
  if (at < 0) throw new Error(`no entry named ${from}`);
  while (at >= 0) {
    out.write(to, at, 'latin1');
    at = out.indexOf(needle, at + 1);
  }
  return out;
}

/**
 * The archive with the central directory's uncompressed size of `name` set to `size`: an entry
 * that says it unpacks to something it does not.
 */
export function withDeclaredSize(zip: Buffer, name: string, size: number): Buffer {
  const out = Buffer.from(zip);
  const central = Buffer.from([0x50, 0x4b, 0x01, 0x02]);
  for (let at = out.indexOf(central); at >= 0; at = out.indexOf(central, at + 4)) {
    const nameLength = out.readUInt16LE(at + 28);
    if (out.toString('latin1', at + 46, at + 46 + nameLength) === name) {
      out.writeUInt32LE(size, at + 24);
      return out;
    }
  }
  throw new Error(`no central directory entry for ${name}`);
}

/** As a browser asks: compressed if the server would (it must not: a ZIP is compressed already). */
export function exportAs(app: FastifyInstance, session: SignedIn) {
  return app.inject({
    method: 'GET',
    url: '/v1/users/export',
    headers: { ...bearer(session), 'accept-encoding': 'gzip, deflate, br' },
  });
}

export function importAs(app: FastifyInstance, session: SignedIn, zip: Buffer) {
  return app.inject({
    method: 'POST',
    url: '/v1/users/import',
    headers: bearer(session),
    payload: formData({}, [{ data: zip, contentType: 'application/zip', filename: 'data.zip' }]),
  });
}
