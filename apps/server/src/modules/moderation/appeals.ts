import { randomUUID } from 'node:crypto';
import { MODERATION_MESSAGES, type OwnerDecision } from '@pbshare/shared';
import { AppError } from '../../errors/app-error.js';
import type { ModerationRepository } from './repository.js';

const NO_SUCH_DECISION = 'That decision does not exist.';

/**
 * The owner's side: the decisions about their own account and their appeals. A decision about
 * someone else, or a dismissal (which the owner never sees), is answered like one that does not
 * exist.
 */
export class AppealsService {
  constructor(private readonly repo: ModerationRepository) {}

  decisionsOf(userId: string): Promise<OwnerDecision[]> {
    return this.repo.decisionsOf(userId);
  }

  /** One open appeal per decision; once it is answered the owner may appeal again. */
  async appeal(userId: string, input: { actionId: string; message: string }): Promise<void> {
    if (!(await this.repo.isAppealable(input.actionId, userId))) {
      throw new AppError('NOT_FOUND', NO_SUCH_DECISION);
    }
    if (await this.repo.hasOpenAppealOn(input.actionId)) {
      throw new AppError('CONFLICT', MODERATION_MESSAGES.alreadyAppealed);
    }
    try {
      await this.repo.insertAppeal({
        id: randomUUID(),
        userId,
        actionId: input.actionId,
        message: input.message,
        createdAt: new Date().toISOString(),
      });
    } catch (err) {
      // Two appeals sent at once: the unique index of open appeals kept the first.
      if (await this.repo.hasOpenAppealOn(input.actionId)) {
        throw new AppError('CONFLICT', MODERATION_MESSAGES.alreadyAppealed);
      }
      throw err;
    }
  }
}
