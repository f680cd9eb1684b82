import { personalBestSchema, type PersonalBest } from '@pbshare/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { apiClient } from '@/lib/session-api-client';
import { pbsQueryKey } from './pb-keys';

export const personalBestListSchema = z.array(personalBestSchema);

/**
 * GET /pbs: the current PB of each exercise, in the user's order, each with its history. A
 * cancelled read (the query cancelled, as signing out does) is aborted on the wire too.
 */
export function getPersonalBests(signal?: AbortSignal): Promise<PersonalBest[]> {
  return apiClient.get('/pbs', { signal, parse: (data) => personalBestListSchema.parse(data) });
}

/** How often the list is read again while a video of it is being processed. */
export const PROCESSING_POLL_MS = 2000;

/** Whether any record (current or history) still has a video being processed. */
export function hasProcessingVideo(pbs: readonly PersonalBest[] | undefined): boolean {
  return (pbs ?? []).some(
    (pb) =>
      pb.media.status === 'processing' ||
      pb.personalBestHistory.some((record) => record.media.status === 'processing'),
  );
}

/**
 * The signed-in user's PBs (query key `['pbs']`). While a video is processing the list is read
 * again every 2 s, so its card turns from the poster into the video without a reload.
 */
export function usePersonalBests({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: pbsQueryKey,
    queryFn: ({ signal }) => getPersonalBests(signal),
    enabled,
    refetchInterval: (query) => (hasProcessingVideo(query.state.data) ? PROCESSING_POLL_MS : false),
  });
}
