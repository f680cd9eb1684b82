import { INLINE_PROFILE_ELEMENT_ID, type PublicProfile } from '@pbshare/shared';

import { isPublicProfile } from './is-public-profile';

/**
 * What the page's HTML said about a profile. The server answers /{username} with the profile
 * inline (a JSON script element in the head), so the first paint needs no request:
 * - `found`: the profile to show;
 * - `not-found`: the server knows no such person (it also answered HTTP 404);
 * - `absent`: nothing usable inline (a client-side navigation, the dev server, another person's
 *   data, broken JSON): fetch it.
 */
export type InlineProfile =
  { status: 'found'; profile: PublicProfile } | { status: 'not-found' } | { status: 'absent' };

const ABSENT: InlineProfile = { status: 'absent' };

/** Reads the inline profile for `username` (compared case-insensitively) without touching it. */
export function readInlineProfile(username: string, doc: Document = document): InlineProfile {
  const element = doc.getElementById(INLINE_PROFILE_ELEMENT_ID);
  if (!element?.textContent) return ABSENT;

  let raw: unknown;
  try {
    raw = JSON.parse(element.textContent);
  } catch {
    return ABSENT;
  }
  if (typeof raw !== 'object' || raw === null) return ABSENT;
  const { username: inlineName, profile } = raw as { username?: unknown; profile?: unknown };
  if (typeof inlineName !== 'string' || inlineName.toLowerCase() !== username.toLowerCase()) {
    return ABSENT;
  }
  if (profile === null) return { status: 'not-found' };
  return isPublicProfile(profile) ? { status: 'found', profile } : ABSENT;
}

/**
 * Reads the inline profile once and removes the element: it describes the page as the server
 * sent it, so every later client-side visit (even to the same person) asks the API.
 */
export function consumeInlineProfile(username: string, doc: Document = document): InlineProfile {
  const result = readInlineProfile(username, doc);
  doc.getElementById(INLINE_PROFILE_ELEMENT_ID)?.remove();
  return result;
}
