import type { Kysely } from 'kysely';

/**
 * Moderation: reports from visitors and members, the admins who handle them, the actions they
 * take (an append-only audit log: nothing updates or deletes its rows, and its columns copy what
 * they name, so an entry outlives the account it was about), and the owners' appeals. A PB hidden
 * by moderation and a suspended account carry their reason on their own rows, which is what the
 * public page, the previews and the owner's view read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('admins')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('granted_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('target_user_id', 'text', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    // The exercise of the PB reported, if one was: what a 'hide' acts on.
    .addColumn('exercise_id', 'text', (c) => c.references('exercises.id').onDelete('cascade'))
    // The record the reporter saw (the public page's PB id).
    .addColumn('record_id', 'text')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reporter_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reporter_email', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('resolved_at', 'text')
    .addColumn('resolved_by_action_id', 'text')
    .execute();
  await db.schema
    .createIndex('reports_status_target')
    .on('reports')
    .columns(['status', 'target_user_id'])
    .execute();
  await db.schema
    .createIndex('reports_reporter_created')
    .on('reports')
    .columns(['reporter_user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('moderation_actions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('admin_user_id', 'text', (c) => c.notNull())
    .addColumn('admin_email', 'text', (c) => c.notNull())
    .addColumn('target_user_id', 'text', (c) => c.notNull())
    .addColumn('target_username', 'text', (c) => c.notNull())
    .addColumn('exercise_id', 'text')
    .addColumn('record_id', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('moderation_actions_target')
    .on('moderation_actions')
    .columns(['target_user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('appeals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('action_id', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('resolved_at', 'text')
    .execute();
  await db.schema
    .createIndex('appeals_status_created')
    .on('appeals')
    .columns(['status', 'created_at'])
    .execute();

  await db.schema.alterTable('users').addColumn('suspended_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('suspension_reason', 'text').execute();
  await db.schema.alterTable('exercises').addColumn('moderation_hidden_at', 'text').execute();
  await db.schema.alterTable('exercises').addColumn('moderation_reason', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('exercises').dropColumn('moderation_reason').execute();
  await db.schema.alterTable('exercises').dropColumn('moderation_hidden_at').execute();
  await db.schema.alterTable('users').dropColumn('suspension_reason').execute();
  await db.schema.alterTable('users').dropColumn('suspended_at').execute();
  await db.schema.dropTable('appeals').execute();
  await db.schema.dropTable('moderation_actions').execute();
  await db.schema.dropTable('reports').execute();
  await db.schema.dropTable('admins').execute();
}
