import { sql, type QueryExecutorProvider } from 'kysely';
import { NO_CHANGE_FEED, type ChangeFeed } from '../db/change-feed.js';
import type { PreparedReads } from '../db/prepared-read.js';

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
 * The version read with the fast path off: an ordinary query through Kysely, one per request,
 * by the unique index on the name's key.
 */
export function plainVersionReads(db: QueryExecutorProvider): ProfileVersionRead {
  return async (nameKey) => {
    const { rows } = await sql<VersionRow>`
      select id, profile_version from users where display_name_key = ${nameKey}`.execute(db);
    return versionOf(rows[0]);
  };
}

/**
 * The version read with the fast path on: straight to the driver, prepared once, since Kysely's
 * own path cost as much as the read itself.
 *
 * Requests for the same name that arrive together share one read, started once they have all
 * arrived: in the event loop's check phase (setImmediate), after the poll phase has run every
 * request that came in with the first. A request never joins a read already started, so each
 * still sees every change committed before it arrived, in this process or another, exactly as a
 * read of its own would.
 */
export function profileVersionReads(reads: PreparedReads): ProfileVersionRead {
  const read = reads.prepare<VersionRow>(
    'select id, profile_version from users where display_name_key = ?',
  );
  // Async, so a driver that throws (rather than rejects) fails the requests the same way.
  const readNow = async (nameKey: string) => versionOf(await read(nameKey));
  // A new map per gathering, dropped whole: deleting from one lasting map costs more in V8.
  let gathering: Map<string, Promise<ProfileVersion | undefined>> | undefined;
  const checkPhase = checkPhases();
  return (nameKey) => {
    if (!gathering) {
      gathering = new Map();
      // Registered before any read of this gathering, so it is closed before they start.
      void checkPhase().then(() => {
        gathering = undefined;
      });
    }
    let shared = gathering.get(nameKey);
    if (!shared) {
      shared = checkPhase().then(() => readNow(nameKey));
      gathering.set(nameKey, shared);
    }
    return shared;
  };
}

function versionOf(row: VersionRow | undefined): ProfileVersion | undefined {
  return row && { userId: row.id, version: row.profile_version };
}

/**
 * Names whose version is remembered at once; past it the memory starts over, so a crawl of many
 * names cannot grow it without bound (each name then costs one read again).
 */
const REMEMBERED_NAMES_MAX = 10_000;

/**
 * `read`, skipped while the change feed vouches that nothing a visitor sees has changed since the
 * name was last read (change-feed.ts): the version read under an epoch is answered again for as
 * long as the feed returns that epoch. A read during which the epoch moved is not remembered,
 * since the change it heard may have committed after the read's snapshot. Names nobody has are
 * never remembered: a new account taking one is not a change the feed announces.
 *
 * A remembered version is handed over in the event loop's check phase, so the answers to the
 * requests that came in together are written together; the wait is the rest of one loop turn.
 *
 * With no feed at all (SQLite) it is `read` itself: every request pays the read anyway.
 */
export function rememberedVersionReads(
  read: ProfileVersionRead,
  feed: Pick<ChangeFeed, 'epoch'>,
): ProfileVersionRead {
  if (feed === NO_CHANGE_FEED) return read;
  const remembered = new Map<string, { epoch: number; owner: ProfileVersion }>();
  const checkPhase = checkPhases();
  return async (nameKey) => {
    const epoch = feed.epoch();
    if (epoch === undefined) {
      // Clearing allocates a new table even when empty: not on every request while not vouching.
      if (remembered.size > 0) remembered.clear();
      return read(nameKey);
    }
    const known = remembered.get(nameKey);
    if (known?.epoch === epoch) {
      await checkPhase();
      return known.owner;
    }
    const owner = await read(nameKey);
    if (owner && feed.epoch() === epoch) {
      if (remembered.size >= REMEMBERED_NAMES_MAX) remembered.clear();
      remembered.set(nameKey, { epoch, owner });
    }
    return owner;
  };
}

/**
 * A wait for the event loop's next check phase, one promise shared by every caller until then
 * (a call made during a check phase waits for the next one).
 */
function checkPhases(): () => Promise<void> {
  let turn: Promise<void> | undefined;
  return () => {
    turn ??= new Promise((resolve) => {
      setImmediate(() => {
        turn = undefined;
        resolve();
      });
    });
    return turn;
  };
}
