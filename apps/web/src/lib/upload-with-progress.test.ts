import { describe, expect, it, vi } from 'vitest';

import {
  callsTo,
  fail,
  inTurn,
  networkError,
  ok,
  stubApi,
  type StubHandler,
} from '@/test/api-stub';
import { expectApiError } from '@/test/expect-api-error';
import { refreshed, sessionOver, storeWith } from '@/test/test-session';
import { createApiClient, REFRESH_FAILED_MESSAGE } from './api-client';
import { uploadWithProgress } from './upload-with-progress';

/** A client whose session starts with 'old-token'; its refresh hands out 'new-token'. */
function setup(uploadAnswer: StubHandler, refreshAnswer = () => refreshed()) {
  const session = sessionOver(storeWith('old-token'));
  const requests = stubApi({
    'POST /v1/pbs': uploadAnswer,
    'POST /v1/auth/refresh': refreshAnswer,
  });
  return { client: createApiClient({ session }), session, requests };
}

/**
 * Answers after the body went out in steps of 10, 30 and 60 %, as over a slow network: MSW itself
 * reports an upload's progress once, when all of it is sent (100 %). The steps are dispatched on
 * the upload object the request listens on, found through a spy on its listeners.
 */
function afterProgressSteps(answer: StubHandler): StubHandler {
  const listening = vi.spyOn(XMLHttpRequestUpload.prototype, 'addEventListener');
  return (request) => {
    const upload = listening.mock.contexts.at(-1) as XMLHttpRequestUpload | undefined;
    if (!upload) throw new Error('The upload registered no listener');
    for (const loaded of [10, 30, 60]) {
      upload.dispatchEvent(
        new ProgressEvent('progress', { lengthComputable: true, loaded, total: 100 }),
      );
    }
    return answer(request);
  };
}

describe('uploadWithProgress', () => {
  it('sends the form with the Bearer token, reports progress and returns data and message', async () => {
    const { client, requests } = setup(
      afterProgressSteps(() => ok({ id: 'r1' }, 'Personal best saved successfully!', 201)),
    );
    const form = new FormData();
    form.set('title', 'Deadlift');
    const progress: number[] = [];

    const result = await uploadWithProgress('/pbs', form, {
      client,
      onProgress: (percent) => progress.push(percent),
    });

    expect(result).toEqual({ data: { id: 'r1' }, message: 'Personal best saved successfully!' });
    expect(progress).toEqual([0, 10, 30, 60, 100]);
    const [sent] = requests;
    expect(sent?.method).toBe('POST');
    expect(sent?.url.href).toBe(`${location.origin}/v1/pbs`);
    expect(sent?.headers.get('Authorization')).toBe('Bearer old-token');
    expect(sent?.credentials).toBe('include');
    expect(Object.fromEntries(sent?.body as FormData)).toEqual({ title: 'Deadlift' });
  });

  it('turns an error envelope into the api client’s ApiError, issues included', async () => {
    const issues = [{ field: 'file', message: 'Video must be 30 seconds or less.' }];
    const { client } = setup(() =>
      fail(400, 'VALIDATION_ERROR', 'Video must be 30 seconds or less.', issues),
    );

    await expectApiError(uploadWithProgress('/pbs', new FormData(), { client }), {
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Video must be 30 seconds or less.',
      issues,
    });
  });

  it('on a 401 refreshes through the api client once and retries with the new token', async () => {
    const { client, session, requests } = setup(
      inTurn(
        fail(401, 'UNAUTHORIZED', 'Your session has expired.'),
        ok({ id: 'r2' }, 'Personal best saved successfully!', 201),
      ),
    );
    const progress: number[] = [];

    const result = await uploadWithProgress('/pbs', new FormData(), {
      client,
      onProgress: (percent) => progress.push(percent),
    });

    expect(result.data).toEqual({ id: 'r2' });
    expect(
      requests.map(({ method, path, headers }) =>
        [method, path, headers.get('Authorization')].join(' '),
      ),
    ).toEqual([
      'POST /v1/pbs Bearer old-token',
      'POST /v1/auth/refresh ',
      'POST /v1/pbs Bearer new-token',
    ]);
    expect(session.onRefreshed).toHaveBeenCalledWith('new-token');
    // The retry starts its progress afresh.
    expect(progress.filter((p) => p === 0)).toHaveLength(2);
  });

  it('sends the Idempotency-Key it is given, the same one on the retry after a refresh', async () => {
    const { client, requests } = setup(
      inTurn(
        fail(401, 'UNAUTHORIZED', 'Your session has expired.'),
        ok({ id: 'r3' }, 'Personal best saved successfully!', 201),
      ),
    );

    await uploadWithProgress('/pbs', new FormData(), { client, idempotencyKey: 'save-1' });

    expect(
      callsTo(requests, 'POST /v1/pbs').map(({ headers }) => headers.get('Idempotency-Key')),
    ).toEqual(['save-1', 'save-1']);
  });

  it('sends no Idempotency-Key unless given one', async () => {
    const { client, requests } = setup(() => ok({ id: 'r4' }));
    await uploadWithProgress('/pbs', new FormData(), { client });
    expect(requests[0]?.headers.has('Idempotency-Key')).toBe(false);
  });

  it('ends the session when the refresh is refused', async () => {
    const { client, session, requests } = setup(
      () => fail(401, 'UNAUTHORIZED', 'Expired.'),
      () => fail(401, 'UNAUTHORIZED', 'No session'),
    );

    await expectApiError(uploadWithProgress('/pbs', new FormData(), { client }), {
      status: 401,
      message: REFRESH_FAILED_MESSAGE,
    });
    expect(session.onSessionEnded).toHaveBeenCalled();
    expect(callsTo(requests, 'POST /v1/pbs')).toHaveLength(1);
  });

  it('reports a network failure as status 0', async () => {
    const { client } = setup(() => networkError());
    await expect(uploadWithProgress('/pbs', new FormData(), { client })).rejects.toMatchObject({
      status: 0,
    });
  });

  it('stops when its signal aborts', async () => {
    const { client, requests } = setup(() => ok({ id: 'r5' }));
    const controller = new AbortController();
    controller.abort();
    await expect(
      uploadWithProgress('/pbs', new FormData(), { client, signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(requests).toHaveLength(0);
  });
});
