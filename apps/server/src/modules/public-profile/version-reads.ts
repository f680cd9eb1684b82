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

type Version = ProfileVersion | undefined;

/** The requests for one name: the read they will share, and whether an earlier one is running. */
interface NameReads {
  /** The read that requests arriving now join; it has not started yet. */
  next?: Promise<Version>;
  /** Settles `next` with the read once it starts. */
  begin?: (read: Promise<Version>) => void;
  running: boolean;
}

/**
 * The one read every public profile request makes (public-answers.ts), by the unique index on the
 * name's key. It goes straight to the driver, prepared once: through Kysely it was the largest
 * cost of an answer served from memory.
 *
 * Requests for the same name share reads, like a group commit: a read starts in the event loop's
 * check phase (setImmediate), after the poll phase has run every request that came in with the
 * first, and while it runs, the requests that arrive wait for the next one, which starts when it
 * ends. A request never joins a read already started, so each still sees every change committed
 * before it arrived, in this process or another, exactly as a read of its own would. SQLite
 * answers at once, so there a read is shared by the requests of one turn of the loop; on
 * PostgreSQL one round trip serves everything that arrived during the previous one, so a popular
 * profile costs the database one read at a time however many people are looking at it.
 */
export function profileVersionReads(reads: PreparedReads): ProfileVersionRead {
  const read = reads.prepare<VersionRow>(
    'select id, profile_version from users where display_name_key = ?',
  );
  // Async, so a driver that throws (rather than rejects) fails the requests the same way.
  const readNow = async (nameKey: string) => versionOf(await read(nameKey));
  const names = new Map<string, NameReads>();

  const start = (nameKey: string, state: NameReads) => {
    const begin = state.begin;
    state.next = undefined;
    state.begin = undefined;
    state.running = true;
    const result = readNow(nameKey);
    begin?.(result);
    const done = () => {
      state.running = false;
      if (state.next) {
        setImmediate(() => {
          start(nameKey, state);
        });
      } else {
        names.delete(nameKey);
      }
    };
    result.then(done, done);
  };

  return (nameKey) => {
    let state = names.get(nameKey);
    if (!state) {
      state = { running: false };
      names.set(nameKey, state);
    }
    if (!state.next) {
      const waiting = state;
      state.next = new Promise<Version>((resolve) => {
        waiting.begin = resolve;
      });
      if (!state.running)
        setImmediate(() => {
          start(nameKey, waiting);
        });
    }
    return state.next;
  };
}

function versionOf(row: VersionRow | undefined): ProfileVersion | undefined {
  return row && { userId: row.id, version: row.profile_version };
}
