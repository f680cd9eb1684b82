import { personalBestSchema, type PersonalBest } from '@pbshare/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { apiClient } from '@/lib/session-api-client';
import { pbsQueryKey } from './pb-keys';

export const personalBestListSchema = z.array(personalBestSchema);

/** GET /pbs: the current PB of each exercise, in the user's order, each with its history. */
export function getPersonalBests(): Promise<PersonalBest[]> {
  return apiClient.get('/pbs', { parse: (data) => personalBestListSchema.parse(data) });
}

/** The signed-in user's PBs (query key `['pbs']`). */
export function usePersonalBests({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: pbsQueryKey, queryFn: getPersonalBests, enabled });
}
