import type {
  AuditEntry,
  ModerationAction,
  OwnerDecision,
  QueueAppeal,
  ReportReason,
} from '@pbshare/shared';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import { enqueueMail } from '../../mail/send-mail-job.js';
import type { MailMessage } from '../../mail/mailer.js';

export interface NewReport {
  id: string;
  targetUserId: string;
  exerciseId: string | null;
  recordId: string | null;
  reason: ReportReason;
  note: string;
  reporterUserId: string | null;
  reporterEmail: string | null;
  createdAt: string;
}

/** The open reports about one profile (`exerciseId` null) or one of its PBs. */
export interface ReportGroup {
  userId: string;
  exerciseId: string | null;
  total: number;
  firstReportedAt: string;
  lastReportedAt: string;
}

/** Where a page of the audit log starts: after the entry with this time (and id, when known). */
export interface AuditCursor {
  at: string;
  id?: string | undefined;
}

/** Which open reports an action answers: one PB's, the profile's own, or all of the account's. */
export type ReportScope =
  { kind: 'pb'; exerciseId: string } | { kind: 'profile' } | { kind: 'all' } | { kind: 'none' };

/** Work done in the transaction that carries an action's effect (see `record`). */
export type InTransaction = (trx: Transaction<DatabaseSchema>) => Promise<void>;

type ActionRow = Selectable<DatabaseSchema['moderation_actions']>;

const ACTION_COLUMNS = [
  'id',
  'admin_user_id',
  'admin_email',
  'target_user_id',
  'target_username',
  'exercise_id',
  'record_id',
  'action',
  'reason',
  'created_at',
] as const;

function toEntry(row: Pick<ActionRow, (typeof ACTION_COLUMNS)[number]>): AuditEntry {
  return {
    id: row.id,
    at: row.created_at,
    adminEmail: row.admin_email,
    action: row.action as ModerationAction,
    userId: row.target_user_id,
    username: row.target_username,
    exerciseId: row.exercise_id,
    recordId: row.record_id,
    reason: row.reason,
  };
}

/**
 * Admins, reports, the audit log and appeals. The audit log (`moderation_actions`) is only ever
 * inserted into and read: no statement here updates or deletes its rows. Reporters are written
 * and never read back: no query selects `reporter_user_id` or `reporter_email`.
 */
export class ModerationRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async isAdmin(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('admins')
      .select('user_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** False when the account was an admin already. */
  async grantAdmin(userId: string, at: string): Promise<boolean> {
    const result = await this.db
      .insertInto('admins')
      .values({ user_id: userId, granted_at: at })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** False when the account was not an admin. */
  async revokeAdmin(userId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('admins')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  async admins(): Promise<{ email: string; grantedAt: string }[]> {
    const rows = await this.db
      .selectFrom('admins')
      .innerJoin('users', 'users.id', 'admins.user_id')
      .select(['users.email', 'admins.granted_at'])
      .orderBy('admins.granted_at')
      .orderBy('users.email')
      .execute();
    return rows.map((r) => ({ email: r.email, grantedAt: r.granted_at }));
  }

  async insertReport(report: NewReport): Promise<void> {
    await this.db
      .insertInto('reports')
      .values({
        id: report.id,
        target_user_id: report.targetUserId,
        exercise_id: report.exerciseId,
        record_id: report.recordId,
        reason: report.reason,
        note: report.note,
        reporter_user_id: report.reporterUserId,
        reporter_email: report.reporterEmail,
        created_at: report.createdAt,
      })
      .execute();
  }

  /** The open reports grouped by profile or PB, the most recently reported first. */
  async openReportGroups(limit: number): Promise<ReportGroup[]> {
    const rows = await this.db
      .selectFrom('reports')
      .select((eb) => [
        'target_user_id',
        'exercise_id',
        eb.fn.countAll<number | string>().as('total'),
        eb.fn.min<string>('created_at').as('first_at'),
        eb.fn.max<string>('created_at').as('last_at'),
      ])
      .where('status', '=', 'open')
      .groupBy(['target_user_id', 'exercise_id'])
      .orderBy('last_at', 'desc')
      .orderBy('target_user_id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      userId: r.target_user_id,
      exerciseId: r.exercise_id,
      // PostgreSQL's count comes back as a string.
      total: Number(r.total),
      firstReportedAt: r.first_at,
      lastReportedAt: r.last_at,
    }));
  }

  /** A group's reasons with their counts, the most given first. */
  async reasonsOf(group: ReportGroup): Promise<{ reason: ReportReason; count: number }[]> {
    const rows = await this.openReportsOf(group)
      .select((eb) => ['reason', eb.fn.countAll<number | string>().as('count')])
      .groupBy('reason')
      .orderBy('count', 'desc')
      .orderBy('reason')
      .execute();
    return rows.map((r) => ({ reason: r.reason as ReportReason, count: Number(r.count) }));
  }

  /** A group's notes that say something, newest first. */
  async notesOf(group: ReportGroup, limit: number): Promise<string[]> {
    const rows = await this.openReportsOf(group)
      .select('note')
      .where('note', '!=', '')
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.note);
  }

  private openReportsOf(group: ReportGroup) {
    return this.db
      .selectFrom('reports')
      .where('status', '=', 'open')
      .where('target_user_id', '=', group.userId)
      .where((eb) =>
        group.exerciseId === null
          ? eb('exercise_id', 'is', null)
          : eb('exercise_id', '=', group.exerciseId),
      );
  }

  /** Runs `work` in a transaction of its own: an action with no effect on the account (dismiss). */
  async inTransaction(work: InTransaction): Promise<void> {
    await this.db.transaction().execute(work);
  }

  /**
   * Writes an action's audit entry, resolves the open reports it answers, closes the appeal it
   * answers and queues the owner's mail, all in `trx`: the transaction of the action's effect, so
   * the log holds exactly the actions that took effect. False, with nothing written, when the
   * appeal is not (or no longer) an open appeal of the account: the caller rolls back.
   */
  async record(
    trx: Transaction<DatabaseSchema>,
    entry: AuditEntry & { adminUserId: string },
    scope: ReportScope,
    appealId: string | undefined,
    mail: MailMessage | undefined,
  ): Promise<boolean> {
    if (appealId) {
      const { numUpdatedRows } = await trx
        .updateTable('appeals')
        .set({ status: 'resolved', resolved_at: entry.at })
        .where('id', '=', appealId)
        .where('user_id', '=', entry.userId)
        .where('status', '=', 'open')
        .executeTakeFirst();
      if (numUpdatedRows === 0n) return false;
    }
    await trx
      .insertInto('moderation_actions')
      .values({
        id: entry.id,
        admin_user_id: entry.adminUserId,
        admin_email: entry.adminEmail,
        target_user_id: entry.userId,
        target_username: entry.username,
        exercise_id: entry.exerciseId,
        record_id: entry.recordId,
        action: entry.action,
        reason: entry.reason,
        created_at: entry.at,
      })
      .execute();
    if (scope.kind !== 'none') {
      let resolving = trx
        .updateTable('reports')
        .set({ status: 'resolved', resolved_at: entry.at, resolved_by_action_id: entry.id })
        .where('status', '=', 'open')
        .where('target_user_id', '=', entry.userId);
      if (scope.kind === 'pb') resolving = resolving.where('exercise_id', '=', scope.exerciseId);
      if (scope.kind === 'profile') resolving = resolving.where('exercise_id', 'is', null);
      await resolving.execute();
    }
    if (mail) await enqueueMail(trx, mail);
    return true;
  }

  /**
   * The audit log, newest first (by time, then id), from after `after` when given. The id breaks
   * ties, so entries made in one millisecond are neither skipped nor repeated at a page's end.
   */
  async auditLog(after: AuditCursor | undefined, limit: number): Promise<AuditEntry[]> {
    let query = this.db.selectFrom('moderation_actions').select(ACTION_COLUMNS);
    if (after) {
      const { at, id } = after;
      query = query.where((eb) =>
        id === undefined
          ? eb('created_at', '<', at)
          : eb.or([
              eb('created_at', '<', at),
              eb.and([eb('created_at', '=', at), eb('id', '<', id)]),
            ]),
      );
    }
    const rows = await query
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(toEntry);
  }

  /** Every action taken on the account, newest first. */
  async historyOf(userId: string): Promise<AuditEntry[]> {
    const rows = await this.db
      .selectFrom('moderation_actions')
      .select(ACTION_COLUMNS)
      .where('target_user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map(toEntry);
  }

  /** Open appeals, the oldest first, each with the decision it appeals. */
  async openAppeals(): Promise<QueueAppeal[]> {
    const rows = await this.db
      .selectFrom('appeals')
      .innerJoin('users', 'users.id', 'appeals.user_id')
      .innerJoin('moderation_actions as m', 'm.id', 'appeals.action_id')
      .select([
        'appeals.id as appeal_id',
        'appeals.user_id as appeal_user_id',
        'appeals.message',
        'appeals.created_at as appealed_at',
        'users.display_name',
        ...ACTION_COLUMNS.map((column) => `m.${column}` as const),
      ])
      .where('appeals.status', '=', 'open')
      .orderBy('appeals.created_at')
      .orderBy('appeals.id')
      .execute();
    return rows.map((r) => ({
      id: r.appeal_id,
      userId: r.appeal_user_id,
      username: r.display_name,
      message: r.message,
      createdAt: r.appealed_at,
      decision: toEntry(r),
    }));
  }

  /** Whether `appealId` is an open appeal of the account. */
  /**
   * The decisions about the account that its owner sees (every action but a dismissal), newest
   * first, each with its PB's title while the PB exists and its latest appeal.
   */
  async decisionsOf(userId: string): Promise<OwnerDecision[]> {
    const [actions, appeals] = await Promise.all([
      this.db
        .selectFrom('moderation_actions as m')
        .leftJoin('exercises as e', (join) =>
          join.onRef('e.id', '=', 'm.exercise_id').onRef('e.user_id', '=', 'm.target_user_id'),
        )
        .select(['m.id', 'm.action', 'm.reason', 'm.created_at', 'e.title'])
        .where('m.target_user_id', '=', userId)
        .where('m.action', '!=', 'dismiss')
        .orderBy('m.created_at', 'desc')
        .orderBy('m.id', 'desc')
        .execute(),
      this.db
        .selectFrom('appeals')
        .select(['action_id', 'status', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .execute(),
    ]);
    const latestAppeal = new Map<string, (typeof appeals)[number]>();
    for (const appeal of appeals) {
      if (!latestAppeal.has(appeal.action_id)) latestAppeal.set(appeal.action_id, appeal);
    }
    return actions.map((a) => {
      const appeal = latestAppeal.get(a.id);
      return {
        id: a.id,
        action: a.action as ModerationAction,
        reason: a.reason,
        at: a.created_at,
        pbTitle: a.title,
        appeal: appeal ? { status: appeal.status, createdAt: appeal.created_at } : null,
      };
    });
  }

  /** Whether the action is a decision about the account its owner may appeal (not a dismissal). */
  async isAppealable(actionId: string, userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('moderation_actions')
      .select('id')
      .where('id', '=', actionId)
      .where('target_user_id', '=', userId)
      .where('action', '!=', 'dismiss')
      .executeTakeFirst();
    return row !== undefined;
  }

  async hasOpenAppealOn(actionId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('appeals')
      .select('id')
      .where('action_id', '=', actionId)
      .where('status', '=', 'open')
      .executeTakeFirst();
    return row !== undefined;
  }

  async insertAppeal(appeal: {
    id: string;
    userId: string;
    actionId: string;
    message: string;
    createdAt: string;
  }): Promise<void> {
    await this.db
      .insertInto('appeals')
      .values({
        id: appeal.id,
        user_id: appeal.userId,
        action_id: appeal.actionId,
        message: appeal.message,
        created_at: appeal.createdAt,
      })
      .execute();
  }
}
