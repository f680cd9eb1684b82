import type { PersonalBest } from '@pbshare/shared';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';

import { fail, jsonBodyOf, ok, sentTo, stubApi, type StubHandler } from '@/test/api-stub';
import { createTestQueryClient } from '@/test/render';
import { pbWith } from '@/test/fixtures/personal-bests';
import { pbsQueryKey } from './pb-keys';
import { useReorderPersonalBests } from './reorder-personal-bests';
import { useSetVisibility } from './set-visibility';

const deadlift = pbWith({ id: 'r1', exerciseId: 'e1', title: 'Deadlift', order: 0 });
const run = pbWith({ id: 'r2', exerciseId: 'e2', title: '5K Run', order: 1 });
const pullUps = pbWith({ id: 'r3', exerciseId: 'e3', title: 'Pull-ups', order: 2 });

function setup(list: PersonalBest[]) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(pbsQueryKey, list);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, wrapper };
}

const cached = (queryClient: QueryClient) => queryClient.getQueryData<PersonalBest[]>(pbsQueryKey);

/** A call that answers only when told to, to look at the state in between. */
function deferred() {
  let answer: (response: Response) => void = () => undefined;
  const promise = new Promise<Response>((resolve) => {
    answer = resolve;
  });
  return { promise, answer };
}

/**
 * Hides card `id` of `list` through useSetVisibility and waits until the cache shows it hidden,
 * while the server holds its answer until the test gives it (`server.answer`).
 */
async function hideWhileTheServerWaits(
  list: PersonalBest[],
  id: string,
  handlers: Record<string, StubHandler> = {},
) {
  const server = deferred();
  const requests = stubApi({ 'PATCH /v1/pbs/visibility': () => server.promise, ...handlers });
  const { queryClient, wrapper } = setup(list);
  const { result } = renderHook(() => useSetVisibility(), { wrapper });

  act(() => {
    result.current.mutate({ id, isVisible: false });
  });
  await waitFor(() => {
    expect(cached(queryClient)?.find((pb) => pb.id === id)?.isVisible).toBe(false);
  });
  return { server, requests, queryClient, result };
}

describe('optimistic visibility', () => {
  it('hides at once, keeps it when the server agrees and marks the list stale', async () => {
    const { server, requests, queryClient, result } = await hideWhileTheServerWaits(
      [deadlift, run],
      'r1',
    );
    expect(jsonBodyOf(await sentTo(requests, 'PATCH /v1/pbs/visibility'))).toEqual({
      id: 'r1',
      isVisible: false,
    });

    server.answer(ok({ ...deadlift, isVisible: false }));
    await waitFor(() => {
      expect(result.current.isSuccess).toBe(true);
    });
    // Marked stale, so the list is fetched again wherever it is shown.
    await waitFor(() => {
      expect(queryClient.getQueryState(pbsQueryKey)?.isInvalidated).toBe(true);
    });
    expect(cached(queryClient)?.[0]?.isVisible).toBe(false);
  });

  it('rolls back when the server refuses', async () => {
    const { server, queryClient, result } = await hideWhileTheServerWaits([deadlift, run], 'r2', {
      'GET /v1/pbs': () => ok([deadlift, run]),
    });

    server.answer(fail(500, 'INTERNAL_ERROR', 'Something went wrong'));
    await waitFor(() => {
      expect(result.current.isError).toBe(true);
    });
    expect(cached(queryClient)?.[1]?.isVisible).toBe(true);
  });
});

describe('optimistic reorder', () => {
  it('shows the new order at once and goes back to the old one on failure', async () => {
    const server = deferred();
    const requests = stubApi({
      'PATCH /v1/pbs/update-order': () => server.promise,
      'GET /v1/pbs': () => ok([deadlift, run, pullUps]),
    });
    const { queryClient, wrapper } = setup([deadlift, run, pullUps]);
    const { result } = renderHook(() => useReorderPersonalBests(), { wrapper });

    act(() => {
      result.current.mutate(['r3', 'r1', 'r2']);
    });
    await waitFor(() => {
      expect(cached(queryClient)?.map((pb) => pb.title)).toEqual([
        'Pull-ups',
        'Deadlift',
        '5K Run',
      ]);
    });
    expect(jsonBodyOf(await sentTo(requests, 'PATCH /v1/pbs/update-order'))).toEqual({
      orderedIds: ['r3', 'r1', 'r2'],
    });

    server.answer(fail(400, 'VALIDATION_ERROR', 'The new order must include every one.'));
    await waitFor(() => {
      expect(result.current.isError).toBe(true);
    });
    expect(cached(queryClient)?.map((pb) => pb.title)).toEqual(['Deadlift', '5K Run', 'Pull-ups']);
  });
});
