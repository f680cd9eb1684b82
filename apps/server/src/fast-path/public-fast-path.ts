import type { onRouteHookHandler } from 'fastify';
import type { QueryExecutorProvider } from 'kysely';
import { publicAnswerLane, type AnswerLaneOptions } from './answer-lane.js';
import type { ChangeFeed } from '../db/change-feed.js';
import { FrontDoor } from './front-door.js';
import type { PreparedReads } from '../db/prepared-read.js';
import {
  plainVersionReads,
  profileVersionReads,
  rememberedVersionReads,
  type ProfileVersionRead,
} from './version-reads.js';

/** What the wing needs of the database: Kysely, the driver reads and the change feed. */
export interface FastPathDatabase {
  db: QueryExecutorProvider;
  reads: PreparedReads;
  changes: Pick<ChangeFeed, 'epoch'>;
}

/** The switch the app is built with (PUBLIC_FAST_PATH); README.md says what each side runs. */
export interface PublicFastPath {
  /** Makes the HTTP server (Fastify's `serverFactory`); its lane stays shut while off. */
  readonly frontDoor: FrontDoor;
  /** How the public profile reads a name's version. */
  readonly versionReads: ProfileVersionRead;
  /** An `onRoute` hook, added before any route: notes the paths routes own outright. */
  readonly noteRoute: onRouteHookHandler;
  /** Opens the lane once every route is registered; does nothing while off. */
  openLane(options: Omit<AnswerLaneOptions, 'ownedPaths'>): void;
}

export function publicFastPath(on: boolean, database: FastPathDatabase): PublicFastPath {
  const frontDoor = new FrontDoor();
  // Paths a route owns outright (no parameters): the lane leaves them to that route.
  const ownedPaths = new Set<string>();
  return {
    frontDoor,
    versionReads: on
      ? rememberedVersionReads(profileVersionReads(database.reads), database.changes)
      : plainVersionReads(database.db),
    noteRoute(route) {
      if (!/[:*]/.test(route.url)) ownedPaths.add(route.url);
    },
    openLane(options) {
      if (on) frontDoor.open(publicAnswerLane({ ...options, ownedPaths }));
    },
  };
}
