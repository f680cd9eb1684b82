import { describe, expect, it, vi } from 'vitest';

import type { OutboxEntry, OutboxRefusal } from '@/features/pbs/outbox/outbox-entries';
import { sendOutboxInBackground, TryLater } from './background-send';

const fields = {
  title: 'Deadlift',
  category: 'Weight Training' as const,
  amount: '180',
  unit: 'kg' as const,
  date: '2026-11-27',
  sets: '',
  reps: '',
  story: '',
};

function entry(over: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    id: 'entry-1',
    userId: 'user-1',
    createdAt: 1,
    fields,
    file: new File(['photo'], 'lift.png', { type: 'image/png' }),
    mediaType: 'image',
    idempotencyKey: 'key-1',
    ...over,
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const session = json(200, {
  success: true,
  data: { accessToken: 'token-1', user: { id: 'user-1' } },
});

/** A server answering the refresh with `refresh` and each save with the next of `saves`. */
function server(refresh: Response | Error, ...saves: (Response | Error)[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  // The sender calls fetch with a path, never a Request.
  const fetch = vi.fn((url: string, init: RequestInit = {}) => {
    calls.push({ url, init });
    const next = url.endsWith('/refresh') ? refresh : saves.shift();
    if (!next) throw new Error(`unexpected call to ${url}`);
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next.clone());
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

function device(kept: OutboxEntry[]) {
  const removed: string[] = [];
  const refused: [string, OutboxRefusal][] = [];
  return {
    removed,
    refused,
    deps: {
      entries: () => Promise.resolve(kept),
      remove: (id: string) => {
        removed.push(id);
        return Promise.resolve();
      },
      refuse: (id: string, refusal: OutboxRefusal) => {
        refused.push([id, refusal]);
        return Promise.resolve();
      },
    },
  };
}

describe('sending the outbox from the worker', () => {
  it('renews the session and saves each waiting PB of that account under its own key', async () => {
    const { fetch, calls } = server(session, json(201, { success: true, data: {} }));
    const kept = device([entry(), entry({ id: 'other', userId: 'user-2' })]);
    await sendOutboxInBackground({ fetch, ...kept.deps });

    expect(calls.map((c) => c.url)).toEqual(['/v1/auth/refresh', '/v1/pbs']);
    const save = calls[1]?.init;
    expect(save?.headers).toEqual({ Authorization: 'Bearer token-1', 'Idempotency-Key': 'key-1' });
    const form = save?.body as FormData;
    expect(form.get('title')).toBe('Deadlift');
    expect((form.get('file') as File).name).toBe('lift.png');
    // Another account's PB stays for that account.
    expect(kept.removed).toEqual(['entry-1']);
  });

  it('names a finished upload, and sends the file when the server no longer has it', async () => {
    const { fetch, calls } = server(
      session,
      json(410, { success: false, message: 'That upload has expired.' }),
      json(201, { success: true, data: {} }),
    );
    const kept = device([entry({ mediaType: 'video', uploadId: 'upload-1' })]);
    await sendOutboxInBackground({ fetch, ...kept.deps });
    const [first, second] = calls.slice(1).map((c) => c.init.body as FormData);
    expect(first?.get('uploadId')).toBe('upload-1');
    expect(second?.get('file')).toBeInstanceOf(File);
    expect(
      calls.slice(1).map((c) => (c.init.headers as Record<string, string>)['Idempotency-Key']),
    ).toEqual(['key-1', 'key-1']);
    expect(kept.removed).toEqual(['entry-1']);
  });

  it('keeps a refusal on the entry, and skips entries already refused', async () => {
    const { fetch } = server(
      session,
      json(403, {
        success: false,
        message: 'Free accounts can track 3 exercises.',
        code: 'FREE_LIMIT_REACHED',
      }),
    );
    const kept = device([entry(), entry({ id: 'refused', refusal: { message: 'No' } })]);
    await sendOutboxInBackground({ fetch, ...kept.deps });
    expect(kept.refused).toEqual([
      ['entry-1', { message: 'Free accounts can track 3 exercises.', code: 'FREE_LIMIT_REACHED' }],
    ]);
    expect(kept.removed).toEqual([]);
  });

  it.each([
    ['no connection', new TypeError('Failed to fetch')],
    ['a server failure', json(503, { success: false, message: 'Try later' })],
    [
      'a save still running',
      json(409, { success: false, message: 'Busy', code: 'IDEMPOTENCY_IN_PROGRESS' }),
    ],
  ])('asks the browser to try again after %s, the entry kept as it was', async (_label, answer) => {
    const { fetch } = server(session, answer);
    const kept = device([entry()]);
    await expect(sendOutboxInBackground({ fetch, ...kept.deps })).rejects.toBeInstanceOf(TryLater);
    expect(kept.removed).toEqual([]);
    expect(kept.refused).toEqual([]);
  });

  it('sends nothing when the session is over: the entries wait for a sign-in', async () => {
    const { fetch, calls } = server(json(401, { success: false, message: 'Session expired' }));
    const kept = device([entry()]);
    await sendOutboxInBackground({ fetch, ...kept.deps });
    expect(calls).toHaveLength(1);
    expect(kept.removed).toEqual([]);
  });
});
