import { describe, expect, it } from 'vitest';

import { jsonResponse, networkError, stubApi } from '@/test/api-stub';
import { expectApiError } from '@/test/expect-api-error';
import { createApiClient } from './api-client';

describe('api client', () => {
  it('returns the data of a success envelope and sends cookies', async () => {
    const requests = stubApi({
      'GET /v1/things/7': () =>
        jsonResponse({ success: true, message: 'ok', data: { id: 7 }, status: 200 }),
    });

    await expect(createApiClient().get('/things/7')).resolves.toEqual({ id: 7 });

    const [call] = requests;
    expect(call?.url.href).toBe(`${location.origin}/v1/things/7`);
    expect(call?.credentials).toBe('include');
    expect(call?.method).toBe('GET');
  });

  it('lets a request outlive the page only when asked', async () => {
    const requests = stubApi({ 'DELETE /v1/pbs/7': () => jsonResponse({ success: true }) });
    await createApiClient().delete('/pbs/7', { keepalive: true });
    await createApiClient().delete('/pbs/7');
    expect(requests.map((call) => call.keepalive)).toEqual([true, false]);
  });

  it('treats an envelope without success as a success', async () => {
    stubApi({ 'GET /v1/list': () => jsonResponse({ data: [1, 2] }) });
    await expect(createApiClient().get('/list')).resolves.toEqual([1, 2]);
  });

  it('sends a JSON body and query parameters', async () => {
    const requests = stubApi({ 'POST /v1/pbs': () => jsonResponse({ success: true, data: null }) });

    await createApiClient().post(
      '/pbs',
      { title: 'Deadlift' },
      { query: { draft: true, skip: undefined } },
    );

    const [call] = requests;
    expect(call?.url.href).toBe(`${location.origin}/v1/pbs?draft=true`);
    expect(call?.body).toEqual({ title: 'Deadlift' });
    expect(call?.headers.get('Content-Type')).toBe('application/json');
  });

  it('throws an ApiError with the status, code and message of an error envelope', async () => {
    const issues = [{ field: 'username', message: 'taken' }];
    stubApi({
      'POST /v1/auth/register': () =>
        jsonResponse(
          {
            success: false,
            message: 'That username is taken',
            data: null,
            status: 409,
            code: 'CONFLICT',
            issues,
          },
          409,
        ),
    });

    await expectApiError(createApiClient().post('/auth/register', {}), {
      status: 409,
      code: 'CONFLICT',
      message: 'That username is taken',
      issues,
    });
  });

  it('throws when the envelope says success is false even with HTTP 200', async () => {
    stubApi({
      'GET /v1/x': () => jsonResponse({ success: false, message: 'Nope', data: null, status: 400 }),
    });
    await expect(createApiClient().get('/x')).rejects.toMatchObject({
      status: 400,
      message: 'Nope',
    });
  });

  it("falls back to 'An error occurred' when the server names no message", async () => {
    stubApi({ 'GET /v1/x': () => new Response('<h1>Bad gateway</h1>', { status: 502 }) });
    await expect(createApiClient().get('/x')).rejects.toMatchObject({
      status: 502,
      code: undefined,
      message: 'An error occurred',
    });
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    stubApi({ 'GET /v1/x': () => networkError() });
    await expectApiError(createApiClient().get('/x'), { status: 0 });
  });

  it('runs prepareHeaders before each request', async () => {
    const requests = stubApi({ 'GET /v1/me': () => jsonResponse({ data: 1 }) });
    const client = createApiClient({
      prepareHeaders: (headers) => {
        headers.set('Authorization', 'Bearer abc');
      },
    });

    await client.get('/me');

    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer abc');
  });

  it('checks the data with the given parser', async () => {
    stubApi({ 'GET /v1/n': () => jsonResponse({ data: { n: 'not a number' } }) });
    const parse = (data: unknown) => {
      if (typeof (data as { n: unknown }).n !== 'number') throw new Error('bad shape');
      return data as { n: number };
    };
    await expect(createApiClient().get('/n', { parse })).rejects.toThrow('bad shape');
  });
});
