import { randomUUID } from 'node:crypto';
import {
  MODERATION_MESSAGES,
  type AuditEntry,
  type ModerationActionInput,
  type PersonalBest,
} from '@pbshare/shared';
import { AppError, validationError } from '../../errors/app-error.js';
import type { PbsService } from '../pbs/index.js';
import type { AccountModeration, UserDirectory, UserRecord } from '../users/index.js';
import { decisionMessage } from './decision-mail.js';
import type {
  AuditCursor,
  InTransaction,
  ModerationRepository,
  ReportScope,
} from './repository.js';

/** What moderation does to PBs, through the pbs module. */
export type PbModeration = Pick<
  PbsService,
  'cardOfExercise' | 'hideByModeration' | 'liftModeration' | 'deleteExercise'
>;

export interface ModerationOptions {
  publicOrigin: string;
  supportEmail: string;
}

const NO_ACCOUNT = 'That account does not exist any more.';
const NO_PB = 'That PB does not exist any more.';
const PB_NEEDED = 'Choose the PB to hide.';

/**
 * The admins' actions (docs/PRODUCT.md §16). Each one takes effect and is written to the audit
 * log in one transaction, with the reports it answers resolved, the appeal it answers closed and
 * the owner's mail queued: the effect's own transaction (the users or pbs module's, which bumps
 * the profile version, so every process stops serving what was hidden), or one of its own for a
 * dismissal, which changes nothing for the owner.
 */
export class ModerationService {
  constructor(
    private readonly repo: ModerationRepository,
    private readonly users: UserDirectory,
    private readonly accounts: AccountModeration,
    private readonly pbs: PbModeration,
    private readonly options: ModerationOptions,
  ) {}

  isAdmin(userId: string): Promise<boolean> {
    return this.repo.isAdmin(userId);
  }

  /** The audit log, newest first; `after` (the oldest entry shown) pages back. */
  auditLog(after: AuditCursor | undefined, limit: number): Promise<AuditEntry[]> {
    return this.repo.auditLog(after, limit);
  }

  async act(adminId: string, input: ModerationActionInput): Promise<AuditEntry> {
    const [admin, target] = await Promise.all([
      this.users.findById(adminId),
      this.users.findById(input.userId),
    ]);
    if (!admin || !target) throw new AppError('NOT_FOUND', NO_ACCOUNT);
    const pb = input.exerciseId
      ? await this.pbs.cardOfExercise(target.id, input.exerciseId)
      : undefined;
    if (input.exerciseId && !pb) throw new AppError('NOT_FOUND', NO_PB);
    const at = new Date().toISOString();
    const entry: AuditEntry = {
      id: randomUUID(),
      at,
      adminEmail: admin.email,
      action: input.action,
      userId: target.id,
      username: target.displayName,
      exerciseId: pb?.exerciseId ?? null,
      recordId: pb?.id ?? null,
      reason: input.reason,
    };
    const record =
      (scope: ReportScope): InTransaction =>
      async (trx) => {
        const answered = await this.repo.record(
          trx,
          { ...entry, adminUserId: admin.id },
          scope,
          input.appealId,
          this.mailFor(target, entry, pb, input.appealId),
        );
        // Thrown inside the effect's transaction, so nothing of the action stays.
        if (!answered) throw new AppError('NOT_FOUND', MODERATION_MESSAGES.appealNotOpen);
      };
    await this.takeEffect(entry, target, pb, record);
    return entry;
  }

  /**
   * Makes the action with `record` in its transaction. Whether it still makes sense (not hidden
   * twice, not restored when nothing is in force) is checked in that transaction, under the
   * held user row, so of two admins acting at once only one succeeds.
   */
  private async takeEffect(
    entry: AuditEntry,
    target: UserRecord,
    pb: PersonalBest | undefined,
    record: (scope: ReportScope) => InTransaction,
  ): Promise<void> {
    const state = { at: entry.at, reason: entry.reason };
    const pbScope: ReportScope = pb ? { kind: 'pb', exerciseId: pb.exerciseId } : { kind: 'none' };
    switch (entry.action) {
      case 'dismiss':
        return this.repo.inTransaction(record(pb ? pbScope : { kind: 'profile' }));
      case 'hide-pb':
        if (!pb) {
          throw validationError([{ field: 'exerciseId', message: PB_NEEDED }], PB_NEEDED);
        }
        return this.pbs.hideByModeration(target.id, pb.exerciseId, state, record(pbScope));
      case 'suspend':
        return this.accounts.setSuspension(target.id, state, record({ kind: 'all' }));
      case 'restore':
        if (pb) {
          return this.pbs.liftModeration(target.id, pb.exerciseId, record({ kind: 'none' }));
        }
        return this.accounts.setSuspension(target.id, null, record({ kind: 'none' }));
      case 'delete':
        if (pb) return this.pbs.deleteExercise(target.id, pb.exerciseId, record(pbScope));
        if (!(await this.accounts.removeAccountOf(target.id, record({ kind: 'all' })))) {
          throw new AppError('NOT_FOUND', NO_ACCOUNT);
        }
    }
  }

  /**
   * The owner hears of every decision but a dismissal of reports, which changes nothing for them;
   * a dismissal that answers their appeal tells them the decision stands, and why.
   */
  private mailFor(
    target: UserRecord,
    entry: AuditEntry,
    pb: PersonalBest | undefined,
    appealId: string | undefined,
  ) {
    if (entry.action === 'dismiss' && !appealId) return undefined;
    const action = entry.action === 'dismiss' ? 'appeal-kept' : entry.action;
    return decisionMessage(
      target.email,
      { action, pbTitle: pb?.title, reason: entry.reason },
      this.options,
    );
  }
}
