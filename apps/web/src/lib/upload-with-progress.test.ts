import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { fail, ok, testUser, urlOf } from '@/test/api-stub';
import { ApiError, createApiClient, REFRESH_FAILED_MESSAGE } from './api-client';
import { readAccessToken } from './session-api-client';
import { uploadWithProgress } from './upload-with-progress';

/** An answer the fake server gives to one XHR: status and JSON body. */
interface XhrAnswer {
  status: number;
  body: unknown;
}

/**
 * A stand-in for XMLHttpRequest: records what was sent, fires upload progress in quarters, then
 * answers from a queue (or fails the network when the queue holds 'network-error').
 */
class FakeXhr extends EventTarget {
  static sent: FakeXhr[] = [];
  static answers: (XhrAnswer | 'network-error')[] = [];

  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  withCredentials = false;
  status = 0;
  responseText = '';
  upload = new EventTarget();

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  abort() {
    this.dispatchEvent(new Event('abort'));
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
    const answer = FakeXhr.answers.shift();
    queueMicrotask(() => {
      for (const loaded of [10, 30, 60, 100]) {
        const event = new Event('progress') as ProgressEvent;
        Object.assign(event, { lengthComputable: true, loaded, total: 100 });
        this.upload.dispatchEvent(event);
      }
      if (!answer || answer === 'network-error') {
        this.dispatchEvent(new Event('error'));
        return;
      }
      this.status = answer.status;
      this.responseText = JSON.stringify(answer.body);
      this.dispatchEvent(new Event('load'));
    });
  }
}

function envelope(response: Response): Promise<XhrAnswer> {
  return response.json().then((body: unknown) => ({ status: response.status, body }));
}

describe('uploadWithProgress', () => {
  let token: string | null;
  const session = {
    getAccessToken: () => token,
    readAccessToken,
    onRefreshed: vi.fn((next: string) => {
      token = next;
    }),
    onSessionEnded: vi.fn(() => {
      token = null;
    }),
  };

  beforeEach(() => {
    token = 'old-token';
    FakeXhr.sent = [];
    FakeXhr.answers = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends the form with the Bearer token, reports progress and returns data and message', async () => {
    FakeXhr.answers.push(
      await envelope(ok({ id: 'r1' }, 'Personal best saved successfully!', 201)),
    );
    const client = createApiClient({ session, fetch: vi.fn<typeof fetch>() });
    const form = new FormData();
    form.set('title', 'Deadlift');
    const progress: number[] = [];

    const result = await uploadWithProgress('/pbs', form, {
      client,
      onProgress: (percent) => progress.push(percent),
    });

    expect(result).toEqual({ data: { id: 'r1' }, message: 'Personal best saved successfully!' });
    expect(progress).toEqual([0, 10, 30, 60, 100]);
    const [xhr] = FakeXhr.sent;
    expect(xhr?.method).toBe('POST');
    expect(xhr?.url).toBe('/v1/pbs');
    expect(xhr?.headers.authorization).toBe('Bearer old-token');
    expect(xhr?.withCredentials).toBe(true);
    expect(xhr?.body).toBe(form);
  });

  it('turns an error envelope into the api client’s ApiError, issues included', async () => {
    FakeXhr.answers.push(
      await envelope(
        fail(400, 'VALIDATION_ERROR', 'Video must be 30 seconds or less.', [
          { field: 'file', message: 'Video must be 30 seconds or less.' },
        ]),
      ),
    );
    const client = createApiClient({ session, fetch: vi.fn<typeof fetch>() });

    const error = await uploadWithProgress('/pbs', new FormData(), { client }).catch(
      (e: unknown) => e,
    );

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Video must be 30 seconds or less.',
      issues: [{ field: 'file', message: 'Video must be 30 seconds or less.' }],
    });
  });

  it('on a 401 refreshes through the api client once and retries with the new token', async () => {
    FakeXhr.answers.push(
      await envelope(fail(401, 'UNAUTHORIZED', 'Your session has expired.')),
      await envelope(ok({ id: 'r2' }, 'Personal best saved successfully!', 201)),
    );
    const fetchMock = vi.fn<typeof fetch>(() =>
      Promise.resolve(ok({ accessToken: 'new-token', user: testUser })),
    );
    const client = createApiClient({ session, fetch: fetchMock });
    const progress: number[] = [];

    const result = await uploadWithProgress('/pbs', new FormData(), {
      client,
      onProgress: (percent) => progress.push(percent),
    });

    expect(result.data).toEqual({ id: 'r2' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(urlOf(fetchMock.mock.calls[0]?.[0] ?? '').pathname).toBe('/v1/auth/refresh');
    expect(FakeXhr.sent.map((xhr) => xhr.headers.authorization)).toEqual([
      'Bearer old-token',
      'Bearer new-token',
    ]);
    expect(session.onRefreshed).toHaveBeenCalledWith('new-token');
    // The retry starts its progress afresh.
    expect(progress.filter((p) => p === 0)).toHaveLength(2);
  });

  it('sends the Idempotency-Key it is given, the same one on the retry after a refresh', async () => {
    FakeXhr.answers.push(
      await envelope(fail(401, 'UNAUTHORIZED', 'Your session has expired.')),
      await envelope(ok({ id: 'r3' }, 'Personal best saved successfully!', 201)),
    );
    const client = createApiClient({
      session,
      fetch: vi.fn<typeof fetch>(() =>
        Promise.resolve(ok({ accessToken: 'new-token', user: testUser })),
      ),
    });

    await uploadWithProgress('/pbs', new FormData(), { client, idempotencyKey: 'save-1' });

    expect(FakeXhr.sent.map((xhr) => xhr.headers['idempotency-key'])).toEqual(['save-1', 'save-1']);
  });

  it('sends no Idempotency-Key unless given one', async () => {
    FakeXhr.answers.push(await envelope(ok({ id: 'r4' })));
    const client = createApiClient({ session, fetch: vi.fn<typeof fetch>() });
    await uploadWithProgress('/pbs', new FormData(), { client });
    expect(FakeXhr.sent[0]?.headers).not.toHaveProperty('idempotency-key');
  });

  it('ends the session when the refresh is refused', async () => {
    FakeXhr.answers.push(await envelope(fail(401, 'UNAUTHORIZED', 'Expired.')));
    const client = createApiClient({
      session,
      fetch: vi.fn<typeof fetch>(() => Promise.resolve(fail(401, 'UNAUTHORIZED', 'No session'))),
    });

    await expect(uploadWithProgress('/pbs', new FormData(), { client })).rejects.toMatchObject({
      status: 401,
      message: REFRESH_FAILED_MESSAGE,
    });
    expect(session.onSessionEnded).toHaveBeenCalled();
    expect(FakeXhr.sent).toHaveLength(1);
  });

  it('reports a network failure as status 0', async () => {
    FakeXhr.answers.push('network-error');
    const client = createApiClient({ session, fetch: vi.fn<typeof fetch>() });
    await expect(uploadWithProgress('/pbs', new FormData(), { client })).rejects.toMatchObject({
      status: 0,
    });
  });

  it('stops when its signal aborts', async () => {
    const client = createApiClient({ session, fetch: vi.fn<typeof fetch>() });
    const controller = new AbortController();
    controller.abort();
    await expect(
      uploadWithProgress('/pbs', new FormData(), { client, signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.sent).toHaveLength(0);
  });
});
