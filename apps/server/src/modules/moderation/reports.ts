import { randomUUID } from 'node:crypto';
import {
  MODERATION_MESSAGES,
  PUBLIC_PROFILE_MESSAGES,
  type reportInputSchema,
} from '@pbshare/shared';
import type { z } from 'zod';
import { AppError, validationError } from '../../errors/app-error.js';
import type { AttemptLimiter } from '../../http/attempt-limiter.js';
import type { PbsService } from '../pbs/index.js';
import type { UserDirectory } from '../users/index.js';
import type { ModerationRepository } from './repository.js';

type Report = z.output<typeof reportInputSchema>;

const NO_SUCH_PB = 'That PB does not exist or is not public.';

/**
 * Reports from anyone: a visitor leaves an e-mail for the answer, a member is known by their
 * session. Only what the public page shows can be reported, so a report tells nobody anything
 * the page does not: an unknown or suspended name, or a PB id that is not one of the page's,
 * answers 404. Who reported is kept for the admins' follow-up alone and never read back.
 */
export class ReportsService {
  constructor(
    private readonly repo: ModerationRepository,
    private readonly users: Pick<UserDirectory, 'findByDisplayName'>,
    private readonly pbs: Pick<PbsService, 'visibleExerciseOf'>,
    /** Reports per account (REPORTS_PER_ACCOUNT_PER_DAY), in the store every process shares. */
    private readonly perAccount: AttemptLimiter,
  ) {}

  async report(input: Report, reporterId: string | undefined): Promise<void> {
    if (!reporterId && !input.email) {
      const message = MODERATION_MESSAGES.emailForAnswer;
      throw validationError([{ field: 'email', message }], message);
    }
    const target = await this.users.findByDisplayName(input.username);
    if (!target || target.suspension) {
      throw new AppError('NOT_FOUND', PUBLIC_PROFILE_MESSAGES.notFound);
    }
    if (target.id === reporterId) {
      throw new AppError('BAD_REQUEST', MODERATION_MESSAGES.ownProfile);
    }
    const exerciseId = input.pbId ? await this.exerciseShownAs(target.id, input.pbId) : null;
    if (reporterId) await this.perAccount.take(`report:${reporterId}`);
    await this.repo.insertReport({
      id: randomUUID(),
      targetUserId: target.id,
      exerciseId,
      recordId: input.pbId ?? null,
      reason: input.reason,
      note: input.note,
      reporterUserId: reporterId ?? null,
      // A member's answer goes to their account's address: no second copy of it is kept.
      reporterEmail: reporterId ? null : (input.email?.toLowerCase() ?? null),
      createdAt: new Date().toISOString(),
    });
  }

  /** The exercise of the PB the public page shows as `pbId`; else 404, as for nobody. */
  private async exerciseShownAs(userId: string, pbId: string): Promise<string> {
    const exerciseId = await this.pbs.visibleExerciseOf(userId, pbId);
    if (!exerciseId) throw new AppError('NOT_FOUND', NO_SUCH_PB);
    return exerciseId;
  }
}
