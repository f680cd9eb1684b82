// The fast path's public face (README.md): code outside this folder imports only from here.

// The switch, and the kept answers the public routes serve from in both positions.
export { publicFastPath, type PublicFastPath } from './public-fast-path.js';
export type { FrontDoor } from './front-door.js';
export type { LaneRoute } from './answer-lane.js';
export {
  PublicProfileAnswers,
  type AnswerChoice,
  type AnswerKind,
  type ProfileLocation,
  type PublicAnswer,
} from './public-answers.js';
export type { ProfileVersionRead } from './version-reads.js';

// Bytes made once and sent many times, with their compressed copies and ETag.
export {
  prepareAnswer,
  sendPrepared,
  type AnswerHeaders,
  type PreparedAnswer,
} from './prepared-answer.js';

// What the database opens for the wing: the driver reads and the change feed.
export { fastPathDatabaseParts } from './database-parts.js';
