import type { Migration } from 'kysely';
import * as m001 from './001-users.js';
import * as m002 from './002-auth.js';
import * as m003 from './003-personal-bests.js';
import * as m004 from './004-media-bytes.js';
import * as m006 from './006-idempotency-keys.js';
import * as m007 from './007-purchases.js';
import * as m008 from './008-public-profile-cache.js';
import * as m009 from './009-profile-change-notices.js';
import * as m010 from './010-jobs.js';
import * as m011 from './011-video-renditions.js';
import * as m012 from './012-media-duration.js';
import * as m013 from './013-uploads.js';
import * as m014 from './014-retired-usernames.js';
import * as m015 from './015-devices.js';
import * as m018 from './018-two-step.js';
import * as m017 from './017-data-imports.js';
import * as m019 from './019-passkeys.js';
import * as m020 from './020-moderation.js';
import * as m021 from './021-one-open-appeal.js';

/**
 * Every migration, keyed by a name that sorts in the order they must run. Listed by hand rather
 * than read from the folder so the same code runs from TypeScript sources (tests, dev) and the
 * compiled build. Never edit a migration that has shipped: add the next number.
 */
export const migrations: Record<string, Migration> = {
  '001-users': m001,
  '002-auth': m002,
  '003-personal-bests': m003,
  '004-media-bytes': m004,
  '006-idempotency-keys': m006,
  '007-purchases': m007,
  '008-public-profile-cache': m008,
  '009-profile-change-notices': m009,
  '010-jobs': m010,
  '011-video-renditions': m011,
  '012-media-duration': m012,
  '013-uploads': m013,
  '014-retired-usernames': m014,
  '015-devices': m015,
  '018-two-step': m018,
  '017-data-imports': m017,
  '019-passkeys': m019,
  '020-moderation': m020,
  '021-one-open-appeal': m021,
};
