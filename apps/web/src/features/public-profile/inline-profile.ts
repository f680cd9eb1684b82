import { INLINE_PROFILE_ELEMENT_ID, type InlineProfilePage } from '@pbshare/shared';

import { isPublicProfile } from './is-public-profile';

/**
 * The props the server rendered /{username} with, from the JSON element in the page's head
 * (see InlineProfilePage). Undefined when there is nothing usable: no element, broken JSON, data
 * of another shape (a proxy's page, a truncated document).
 */
export function readInlinePage(doc: Document = document): InlineProfilePage | undefined {
  const text = doc.getElementById(INLINE_PROFILE_ELEMENT_ID)?.textContent;
  if (!text) return undefined;

  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof raw !== 'object' || raw === null) return undefined;
  const { username, profile, pbId } = raw as Record<string, unknown>;
  if (typeof username !== 'string') return undefined;
  if (profile !== null && !isPublicProfile(profile)) return undefined;
  if (pbId !== undefined && typeof pbId !== 'string') return undefined;
  return pbId === undefined ? { username, profile } : { username, profile, pbId };
}
