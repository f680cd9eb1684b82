import type { PersonalBest } from '@pbshare/shared';
import { useMutation, useQueryClient, type MutationKey } from '@tanstack/react-query';

import { pbsQueryKey } from './pb-keys';

export interface OptimisticPbsMutationOptions<TData, TVariables> {
  /** Shared by every mutation of this kind, so only the last to settle refetches. */
  mutationKey: MutationKey;
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** The cached list as it will be once the server agrees. */
  update: (list: PersonalBest[], variables: TVariables) => PersonalBest[];
}

/**
 * Optimistic (docs/PRODUCT.md §4): the cached list changes at once, goes back on an error, and
 * is refetched once the last pending mutation of this kind has settled.
 */
export function useOptimisticPbsMutation<TData, TVariables>({
  mutationKey,
  mutationFn,
  update,
}: OptimisticPbsMutationOptions<TData, TVariables>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey,
    mutationFn,
    onMutate: async (variables: TVariables) => {
      await queryClient.cancelQueries({ queryKey: pbsQueryKey, exact: true });
      const previous = queryClient.getQueryData<PersonalBest[]>(pbsQueryKey);
      queryClient.setQueryData<PersonalBest[]>(
        pbsQueryKey,
        (list) => list && update(list, variables),
      );
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(pbsQueryKey, context.previous);
    },
    onSettled: async () => {
      // This mutation still counts itself while it settles.
      if (queryClient.isMutating({ mutationKey }) <= 1) {
        await queryClient.invalidateQueries({ queryKey: pbsQueryKey });
      }
    },
  });
}
