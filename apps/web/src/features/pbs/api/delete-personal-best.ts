import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '@/lib/session-api-client';
import { pbQueryKey, pbsQueryKey } from './pb-keys';

/**
 * DELETE /pbs/{id}. Deleting a current record makes the next newest one current; deleting an
 * exercise's last record removes the exercise.
 */
export async function deletePersonalBest(id: string): Promise<void> {
  await apiClient.delete(`/pbs/${encodeURIComponent(id)}`);
}

export function useDeletePersonalBest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePersonalBest,
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: pbQueryKey(id), exact: true });
      await queryClient.invalidateQueries({ queryKey: pbsQueryKey });
    },
  });
}
