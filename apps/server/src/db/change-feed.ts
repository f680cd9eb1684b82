/**
 * How a process learns, without a read per request, that a visitor-visible change (a bump of
 * `users.profile_version`, or a deleted user) may have committed. The public answers use it to
 * skip the version read while the feed vouches for what they remember (version-reads.ts).
 */
export interface ChangeFeed {
  /**
   * A number that moves whenever a change this process has not accounted for may have been
   * committed; undefined while the feed cannot vouch for anything (not listening yet, listener
   * lost, lease lapsed). What was read under one epoch is current for as long as it is returned.
   */
  epoch(): number | undefined;
  /**
   * Called after a change commits: resolves once every process whose feed vouches has moved its
   * epoch past it, so the writer's answer never reaches its client before another process could
   * still serve what the change outdated. Never rejects.
   */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/** For a database with no way to announce changes (SQLite): never vouches, so every request reads. */
export const NO_CHANGE_FEED: ChangeFeed = {
  epoch: () => undefined,
  settle: () => Promise.resolve(),
  close: () => Promise.resolve(),
};
