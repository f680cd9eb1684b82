import type { ErrorCode } from '@pbshare/shared';

import { isTryLater, isUploadGone } from '@/features/pbs/outbox/answer-rules';
import type { OutboxEntry, OutboxRefusal } from '@/features/pbs/outbox/outbox-entries';

const REFUSED_MESSAGE = 'The personal best could not be saved.';

export interface BackgroundSendDeps {
  fetch: typeof fetch;
  /** Every kept entry, oldest first. */
  entries: () => Promise<OutboxEntry[]>;
  remove: (id: string) => Promise<void>;
  refuse: (id: string, refusal: OutboxRefusal) => Promise<unknown>;
}

/** A later try is wanted: the browser retries a sync whose work rejected, with its backoff. */
export class TryLater extends Error {}

interface Answer {
  ok: boolean;
  status: number;
  code?: ErrorCode;
  message: string;
  issues: number;
}

/**
 * Sends the outbox from the worker while no page of the app is open (Background Sync): the
 * session is renewed with the refresh cookie, as a page would, and each of that account's waiting
 * PBs is saved under its own idempotency key, so a page sending the same PB later is answered,
 * not saved twice. A video goes as the request's file, unprepared (the worker has no converter);
 * the server processes it like any upload. Rejects with TryLater when the network or the server
 * failed, so the browser tries again.
 */
export async function sendOutboxInBackground(deps: BackgroundSendDeps): Promise<void> {
  const session = await renewSession(deps.fetch);
  // Signed out, or the session is over: the entries wait for the app and a sign-in.
  if (!session) return;
  const waiting = (await deps.entries()).filter(
    (entry) => entry.userId === session.userId && !entry.refusal,
  );
  for (const entry of waiting) {
    let answer = await save(deps.fetch, session.accessToken, entry, entry.uploadId);
    // The upload it named is gone: the file itself, under the same key.
    if (entry.uploadId && !answer.ok && isUploadGone(answer.status, answer.code, answer.issues)) {
      answer = await save(deps.fetch, session.accessToken, entry, undefined);
    }
    if (answer.ok) await deps.remove(entry.id);
    else if (isTryLater(answer.status, answer.code)) throw new TryLater(answer.message);
    else await deps.refuse(entry.id, { message: answer.message, code: answer.code });
  }
}

async function renewSession(
  fetcher: typeof fetch,
): Promise<{ accessToken: string; userId: string } | undefined> {
  const answer = await call(fetcher, '/v1/auth/refresh', { method: 'POST' });
  if (!answer.ok) {
    if (isTryLater(answer.status, answer.code)) throw new TryLater(answer.message);
    return undefined;
  }
  const data = answer.data as { accessToken?: unknown; user?: { id?: unknown } } | null;
  if (typeof data?.accessToken !== 'string' || typeof data.user?.id !== 'string') return undefined;
  return { accessToken: data.accessToken, userId: data.user.id };
}

function save(
  fetcher: typeof fetch,
  accessToken: string,
  entry: OutboxEntry,
  uploadId: string | undefined,
): Promise<Answer> {
  const form = new FormData();
  for (const [name, value] of Object.entries(entry.fields) as [string, string][]) {
    form.set(name, value);
  }
  if (uploadId) form.set('uploadId', uploadId);
  else form.set('file', entry.file, entry.file.name);
  return call(fetcher, '/v1/pbs', {
    method: 'POST',
    headers: { Authorization: `Bearer ${accessToken}`, 'Idempotency-Key': entry.idempotencyKey },
    body: form,
  });
}

/** One call, its envelope read; a failed connection is status 0, as the app's client says. */
async function call(
  fetcher: typeof fetch,
  url: string,
  init: RequestInit,
): Promise<Answer & { data?: unknown }> {
  let response: Response;
  try {
    response = await fetcher(url, { ...init, credentials: 'same-origin' });
  } catch {
    return { ok: false, status: 0, message: 'No connection', issues: 0 };
  }
  const body = (await response.json().catch(() => null)) as {
    message?: unknown;
    code?: ErrorCode;
    data?: unknown;
    issues?: unknown[];
  } | null;
  return {
    ok: response.ok,
    status: response.status,
    code: body?.code,
    message: typeof body?.message === 'string' ? body.message : REFUSED_MESSAGE,
    issues: Array.isArray(body?.issues) ? body.issues.length : 0,
    data: body?.data,
  };
}
