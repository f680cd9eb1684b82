import { sql, type Kysely } from 'kysely';

/**
 * Exercises (title + category, visibility, order, per user) and their records (one measured
 * value with its proof). The newest record of an exercise is its current personal best.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('exercises')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('title_key', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('is_visible', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('exercises_user_title', ['user_id', 'title_key'])
    .execute();

  await db.schema
    .createTable('pb_records')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('exercise_id', 'text', (c) =>
      c.notNull().references('exercises.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('amount', 'double precision', (c) => c.notNull())
    .addColumn('unit', 'text', (c) =>
      c.notNull().check(sql`unit in ('kg', 'lbs', 'reps', 'duration')`),
    )
    .addColumn('sets', 'integer')
    .addColumn('reps', 'integer')
    .addColumn('story', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('achieved_on', 'text', (c) => c.notNull())
    .addColumn('media_type', 'text', (c) =>
      c.notNull().check(sql`media_type in ('image', 'video')`),
    )
    .addColumn('media_key', 'text', (c) => c.notNull())
    .addColumn('card_key', 'text')
    .addColumn('poster_key', 'text')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('pb_records_exercise')
    .on('pb_records')
    .columns(['exercise_id', 'achieved_on', 'created_at'])
    .execute();
  await db.schema.createIndex('pb_records_user').on('pb_records').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pb_records').execute();
  await db.schema.dropTable('exercises').execute();
}
