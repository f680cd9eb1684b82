import type { ExpressionBuilder } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';

/**
 * The one SQL form of "this user has Pro time now": a paid purchase with no end (Lifetime) or an
 * end still ahead. `now` is an ISO timestamp, which compares correctly as text on both dialects.
 */
export function hasProTime(eb: ExpressionBuilder<DatabaseSchema, 'users'>, now: string) {
  return eb.exists(
    eb
      .selectFrom('purchases')
      .select('purchases.id')
      .whereRef('purchases.user_id', '=', 'users.id')
      .where('purchases.status', '=', 'paid')
      .where((p) =>
        p.or([p('purchases.expires_at', 'is', null), p('purchases.expires_at', '>', now)]),
      ),
  );
}
