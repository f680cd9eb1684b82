import { describe, expect, it, vi } from 'vitest';

import { jsonResponse } from '@/test/api-stub';
import { ApiError, createApiClient } from './api-client';

function clientAnswering(response: Response | Error) {
  const fetchMock = vi.fn<typeof fetch>(() =>
    response instanceof Error ? Promise.reject(response) : Promise.resolve(response),
  );
  return { client: createApiClient({ fetch: fetchMock }), fetchMock };
}

describe('api client', () => {
  it('returns the data of a success envelope and sends cookies', async () => {
    const { client, fetchMock } = clientAnswering(
      jsonResponse({ success: true, message: 'ok', data: { id: 7 }, status: 200 }),
    );

    await expect(client.get('/things/7')).resolves.toEqual({ id: 7 });

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/v1/things/7');
    expect(init?.credentials).toBe('include');
    expect(init?.method).toBe('GET');
  });

  it('treats an envelope without success as a success', async () => {
    const { client } = clientAnswering(jsonResponse({ data: [1, 2] }));
    await expect(client.get('/list')).resolves.toEqual([1, 2]);
  });

  it('sends a JSON body and query parameters', async () => {
    const { client, fetchMock } = clientAnswering(jsonResponse({ success: true, data: null }));

    await client.post('/pbs', { title: 'Deadlift' }, { query: { draft: true, skip: undefined } });

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/v1/pbs?draft=true');
    expect(init?.body).toBe('{"title":"Deadlift"}');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('throws an ApiError with the status, code and message of an error envelope', async () => {
    const { client } = clientAnswering(
      jsonResponse(
        {
          success: false,
          message: 'That username is taken',
          data: null,
          status: 409,
          code: 'CONFLICT',
          issues: [{ field: 'username', message: 'taken' }],
        },
        409,
      ),
    );

    const error = await client.post('/auth/register', {}).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'CONFLICT',
      message: 'That username is taken',
      issues: [{ field: 'username', message: 'taken' }],
    });
  });

  it('throws when the envelope says success is false even with HTTP 200', async () => {
    const { client } = clientAnswering(
      jsonResponse({ success: false, message: 'Nope', data: null, status: 400 }),
    );
    await expect(client.get('/x')).rejects.toMatchObject({ status: 400, message: 'Nope' });
  });

  it("falls back to 'An error occurred' when the server names no message", async () => {
    const { client } = clientAnswering(new Response('<h1>Bad gateway</h1>', { status: 502 }));
    await expect(client.get('/x')).rejects.toMatchObject({
      status: 502,
      code: undefined,
      message: 'An error occurred',
    });
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    const { client } = clientAnswering(new TypeError('Failed to fetch'));
    const error = await client.get('/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0 });
  });

  it('runs prepareHeaders before each request', async () => {
    const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(jsonResponse({ data: 1 })));
    const client = createApiClient({
      fetch: fetchMock,
      prepareHeaders: (headers) => {
        headers.set('Authorization', 'Bearer abc');
      },
    });

    await client.get('/me');

    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe(
      'Bearer abc',
    );
  });

  it('checks the data with the given parser', async () => {
    const { client } = clientAnswering(jsonResponse({ data: { n: 'not a number' } }));
    const parse = (data: unknown) => {
      if (typeof (data as { n: unknown }).n !== 'number') throw new Error('bad shape');
      return data as { n: number };
    };
    await expect(client.get('/n', { parse })).rejects.toThrow('bad shape');
  });
});
