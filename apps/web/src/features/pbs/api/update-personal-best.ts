import { personalBestSchema, type PersonalBest } from '@pbshare/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '@/lib/session-api-client';
import { pbQueryKey, pbsQueryKey } from './pb-keys';
import type { PbTextFields } from './save-personal-best';

export interface UpdatePersonalBestInput extends PbTextFields {
  /** The record to update. */
  id: string;
}

/** PUT /pbs as JSON: updates a record's fields and keeps its media. */
export function updatePersonalBest(input: UpdatePersonalBestInput): Promise<PersonalBest> {
  return apiClient.put('/pbs', input, { parse: (data) => personalBestSchema.parse(data) });
}

export function useUpdatePersonalBest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePersonalBest,
    onSuccess: async (data) => {
      queryClient.setQueryData(pbQueryKey(data.id), data);
      await queryClient.invalidateQueries({ queryKey: pbsQueryKey });
    },
  });
}
