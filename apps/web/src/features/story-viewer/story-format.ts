import { formatLongDate } from '@pbshare/shared';

/**
 * The slide's date in the spec's 'MMMM DD, YYYY' form ('March 04, 2026'), from the ISO day the
 * API sends. Anything else falls back to the API's own text.
 */
export function formatStoryDate(achievedOn: string, fallback: string): string {
  const formatted = formatLongDate(achievedOn, { padDay: true });
  return formatted === achievedOn ? fallback : formatted;
}

/**
 * The name the viewer shows for a person: the display name, else the part of the e-mail before
 * the '@', else 'user' (docs/PRODUCT.md §2, /share-profile).
 */
export function storyOwnerName({
  displayName,
  email,
}: {
  displayName?: string | null;
  email?: string | null;
}): string {
  const name = displayName?.trim();
  if (name) return name;
  const local = email?.split('@')[0]?.trim();
  if (local) return local;
  return 'user';
}
