import { ACCESS_TOKEN_STORAGE_KEY } from '@pbshare/shared';
import { useEffect, useState } from 'react';

import { useClientValue } from '@/hooks/use-client-value';

/** A token this close to its end is not worth a request: it would be refused on arrival. */
const EXPIRY_MARGIN_MS = 10_000;

/**
 * The session token this browser holds (docs/PRODUCT.md §4), when there is one that has not yet
 * expired by its own `exp`. Only read, never checked: the server does that when it is used.
 */
export function liveAccessToken(
  storage: Pick<Storage, 'getItem'>,
  now = Date.now(),
): string | null {
  let token: string | null;
  try {
    token = storage.getItem(ACCESS_TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
  const payload = token?.split('.')[1];
  if (!token || !payload) return null;
  try {
    const claims: unknown = JSON.parse(atob(payload.replaceAll('-', '+').replaceAll('_', '/')));
    const exp = (claims as { exp?: unknown } | null)?.exp;
    return typeof exp === 'number' && exp * 1000 > now + EXPIRY_MARGIN_MS ? token : null;
  } catch {
    return null;
  }
}

function readStorage(): Pick<Storage, 'getItem'> | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** The live token as a render value: '' for none, and PENDING while the page hydrates. */
const PENDING = '?';
function readLiveToken(): string {
  const storage = readStorage();
  return (storage ? liveAccessToken(storage) : null) ?? '';
}

/**
 * Whether the person looking at /{username} is its owner, signed in in this browser: undefined
 * until that is known, so neither the owner's nor a visitor's controls show the wrong person for
 * a moment. The page carries no session code, so it asks the server who the stored token belongs
 * to, once, and only when there is a live token: a visitor without one is known at once (in the
 * render after hydration, since the server cannot read the browser's storage) and costs no
 * request. An expired token, a refused one or a failed request all read as a visitor.
 */
export function useViewerIsOwner(name: string | undefined): boolean | undefined {
  const token = useClientValue(readLiveToken, PENDING);
  const [answer, setAnswer] = useState<{ token: string; owner: boolean } | null>(null);
  useEffect(() => {
    if (!name || !token || token === PENDING) return;
    const controller = new AbortController();
    const settle = (owner: boolean) => {
      setAnswer({ token, owner });
    };
    fetch('/v1/users/profile', {
      headers: { Authorization: `Bearer ${token}` },
      signal: controller.signal,
    })
      .then(async (response) => (response.ok ? ((await response.json()) as unknown) : null))
      .then((body) => {
        const signedIn = (body as { data?: { displayName?: unknown } } | null)?.data?.displayName;
        settle(typeof signedIn === 'string' && signedIn.toLowerCase() === name.toLowerCase());
      })
      .catch(() => {
        if (!controller.signal.aborted) settle(false);
      });
    return () => {
      controller.abort();
    };
  }, [name, token]);

  if (token === PENDING) return undefined;
  if (!token) return false;
  return answer?.token === token ? answer.owner : undefined;
}
