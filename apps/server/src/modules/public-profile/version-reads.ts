import type { PreparedReads } from '../../db/prepared-reads.js';

/** Whose a name is, and the version of what a visitor sees of them (`users.profile_version`). */
export interface ProfileVersion {
  userId: string;
  version: number;
}

/** By the name's key (`usernameKey`). */
export type ProfileVersionRead = (nameKey: string) => Promise<ProfileVersion | undefined>;

interface VersionRow {
  id: string;
  profile_version: number;
}

/**
 * The one read every public profile request makes (public-answers.ts), by the unique index on the
 * name's key. It goes straight to the driver, prepared once: through Kysely it was the largest
 * cost of an answer served from memory.
 *
 * Requests for the same name that arrive together share one read, started once they have all
 * arrived: in the event loop's check phase (setImmediate), after the poll phase has run every
 * request that came in with the first. A request never joins a read already started, so each
 * still sees every change committed before it arrived, in this process or another, exactly as a
 * read of its own would. Under load this saves most reads of a popular profile (on PostgreSQL,
 * most round trips).
 */
export function profileVersionReads(reads: PreparedReads): ProfileVersionRead {
  const read = reads.prepare<VersionRow>(
    'select id, profile_version from users where display_name_key = ?',
  );
  // Async, so a driver that throws (rather than rejects) fails the requests the same way.
  const readNow = async (nameKey: string) => versionOf(await read(nameKey));
  const gathering = new Map<string, Promise<ProfileVersion | undefined>>();
  return (nameKey) => {
    let shared = gathering.get(nameKey);
    if (!shared) {
      shared = new Promise((resolve) => {
        setImmediate(() => {
          gathering.delete(nameKey);
          resolve(readNow(nameKey));
        });
      });
      gathering.set(nameKey, shared);
    }
    return shared;
  };
}

function versionOf(row: VersionRow | undefined): ProfileVersion | undefined {
  return row && { userId: row.id, version: row.profile_version };
}
