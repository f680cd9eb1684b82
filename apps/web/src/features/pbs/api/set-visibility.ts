import { personalBestSchema, type PersonalBest } from '@pbshare/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/session-api-client';
import { pbsQueryKey, setVisibilityMutationKey } from './pb-keys';

export interface SetVisibilityInput {
  /** A record id of the exercise (the card's id). */
  id: string;
  isVisible: boolean;
}

/** PATCH /pbs/visibility: shows or hides an exercise on the public page. */
export function setVisibility(input: SetVisibilityInput): Promise<PersonalBest> {
  return apiClient.patch('/pbs/visibility', input, {
    parse: (data) => personalBestSchema.parse(data),
  });
}

/**
 * Optimistic (SPEC.md section 4): the cached list changes at once, goes back on an error, and
 * is refetched once the last pending toggle has settled.
 */
export function useSetVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: setVisibilityMutationKey,
    mutationFn: setVisibility,
    onMutate: async ({ id, isVisible }) => {
      await queryClient.cancelQueries({ queryKey: pbsQueryKey, exact: true });
      const previous = queryClient.getQueryData<PersonalBest[]>(pbsQueryKey);
      queryClient.setQueryData<PersonalBest[]>(pbsQueryKey, (list) =>
        list?.map((pb) => (pb.id === id ? { ...pb, isVisible } : pb)),
      );
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(pbsQueryKey, context.previous);
    },
    onSettled: async () => {
      // This mutation still counts itself while it settles.
      if (queryClient.isMutating({ mutationKey: setVisibilityMutationKey }) <= 1) {
        await queryClient.invalidateQueries({ queryKey: pbsQueryKey });
      }
    },
  });
}
