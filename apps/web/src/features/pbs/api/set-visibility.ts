import { personalBestSchema, type PersonalBest } from '@pbshare/shared';

import { apiClient } from '@/lib/session-api-client';
import { useOptimisticPbsMutation } from './optimistic-pbs-mutation';
import { setVisibilityMutationKey } from './pb-keys';

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

/** Optimistic: the card shows or hides at once and goes back on an error. */
export function useSetVisibility() {
  return useOptimisticPbsMutation({
    mutationKey: setVisibilityMutationKey,
    mutationFn: setVisibility,
    update: (list, { id, isVisible }) =>
      list.map((pb) => (pb.id === id ? { ...pb, isVisible } : pb)),
  });
}
