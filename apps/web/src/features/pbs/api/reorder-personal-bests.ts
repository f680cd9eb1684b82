import type { PersonalBest } from '@pbshare/shared';

import { apiClient } from '@/lib/session-api-client';
import { personalBestListSchema } from './get-personal-bests';
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

/** Puts the cached list in the given order (unknown ids are ignored, missing cards keep last). */
export function applyOrder(list: PersonalBest[], orderedIds: readonly string[]): PersonalBest[] {
  const rank = new Map(orderedIds.map((id, index) => [id, index]));
  return [...list]
    .sort((a, b) => (rank.get(a.id) ?? Infinity) - (rank.get(b.id) ?? Infinity))
    .map((pb, index) => ({ ...pb, order: index }));
}

/** Optimistic like visibility: the new order shows at once and goes back on an error. */
export function useReorderPersonalBests() {
  return useOptimisticPbsMutation({
    mutationKey: reorderMutationKey,
    mutationFn: reorderPersonalBests,
    update: applyOrder,
  });
}
