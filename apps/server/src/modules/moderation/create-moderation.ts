import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import type { AttemptLimiter } from '../../http/attempt-limiter.js';
import type { PbsService } from '../pbs/index.js';
import type { AccountModeration, UserDirectory } from '../users/index.js';
import { AppealsService } from './appeals.js';
import { ModerationQueueReader } from './queue.js';
import { ModerationRepository } from './repository.js';
import { ReportsService } from './reports.js';
import { ModerationService, type ModerationOptions } from './service.js';

export interface ModerationInputs {
  db: Kysely<DatabaseSchema>;
  users: UserDirectory;
  accounts: AccountModeration;
  pbs: PbsService;
  /** Reports per account (REPORTS_PER_ACCOUNT_PER_DAY), counted where every process counts. */
  reportsPerAccount: AttemptLimiter;
  mediaUrl: (key: string) => string;
  options: ModerationOptions;
}

/** The module's services over one repository: what its routes are registered with. */
export function createModeration(inputs: ModerationInputs) {
  const repo = new ModerationRepository(inputs.db);
  return {
    reports: new ReportsService(repo, inputs.users, inputs.pbs, inputs.reportsPerAccount),
    moderation: new ModerationService(
      repo,
      inputs.users,
      inputs.accounts,
      inputs.pbs,
      inputs.options,
    ),
    queue: new ModerationQueueReader(repo, inputs.users, inputs.pbs, inputs.mediaUrl),
    appeals: new AppealsService(repo),
  };
}

export type Moderation = ReturnType<typeof createModeration>;
