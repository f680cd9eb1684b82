import { personalBestSchema, type PersonalBest } from '@pbshare/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { apiClient } from '../../../lib/session-api-client';
import { pbsQueryKey, reorderMutationKey } from './pb-keys';

const personalBestListSchema = z.array(personalBestSchema);

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
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: reorderMutationKey,
    mutationFn: reorderPersonalBests,
    onMutate: async (orderedIds) => {
      await queryClient.cancelQueries({ queryKey: pbsQueryKey, exact: true });
      const previous = queryClient.getQueryData<PersonalBest[]>(pbsQueryKey);
      queryClient.setQueryData<PersonalBest[]>(
        pbsQueryKey,
        (list) => list && applyOrder(list, orderedIds),
      );
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(pbsQueryKey, context.previous);
    },
    onSettled: async () => {
      if (queryClient.isMutating({ mutationKey: reorderMutationKey }) <= 1) {
        await queryClient.invalidateQueries({ queryKey: pbsQueryKey });
      }
    },
  });
}
