import type { PersonalBest } from '@pbshare/shared';

import { apiClient } from '@/lib/session-api-client';
import { personalBestListSchema } from './get-personal-bests';
import { pendingDeletes } from '../pending-deletes';
import { useOptimisticPbsMutation } from './optimistic-pbs-mutation';
import { reorderMutationKey } from './pb-keys';

/** PATCH /pbs/update-order with every card id exactly once, in the new order. */
export function reorderPersonalBests(orderedIds: string[]): Promise<PersonalBest[]> {
  return apiClient.patch(
    '/pbs/update-order',
    { orderedIds },
    { parse: (data) => personalBestListSchema.parse(data) },
  );
}

/**
 * Puts the cached list in the given order; unknown ids are ignored and missing cards go last, in
 * their order. An id may be any record of a card, as the server takes it: the one shown in place
 * of a headline whose delete waits for its Undo is a history record of the cached card.
 */
export function applyOrder(list: PersonalBest[], orderedIds: readonly string[]): PersonalBest[] {
  const rank = new Map(orderedIds.map((id, index) => [id, index]));
  const rankOf = (pb: PersonalBest) =>
    Math.min(
      ...[pb, ...pb.personalBestHistory].map((record) => rank.get(record.id) ?? orderedIds.length),
    );
  return [...list]
    .sort((a, b) => rankOf(a) - rankOf(b))
    .map((pb, index) => ({ ...pb, order: index }));
}

/**
 * Optimistic like visibility: the new order shows at once and goes back on an error. The server
 * wants every exercise it holds, so deletes waiting for their Undo are sent first: the order
 * shown (without them) is then the whole list.
 */
export function useReorderPersonalBests() {
  return useOptimisticPbsMutation({
    mutationKey: reorderMutationKey,
    mutationFn: async (orderedIds: string[]) => {
      await pendingDeletes.sendAll();
      return reorderPersonalBests(orderedIds);
    },
    update: applyOrder,
  });
}
