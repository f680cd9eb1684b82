/**
 * The public link of one PB: the owner's page with the story opened at it. `pbId` is the current
 * record's id, as both the owner's cards and the public page carry it.
 */
export function pbLink(
  username: string,
  pbId: string,
  location: Pick<Location, 'origin'> = window.location,
): string {
  return `${location.origin}/${encodeURIComponent(username)}/${encodeURIComponent(pbId)}`;
}

/** A file name for the story image: 'pbshare-ada-deadlift.jpg'. */
export function pbImageFileName(username: string, title: string): string {
  const slug = (text: string) =>
    text
      .normalize('NFKD')
      // The accents NFKD split off their letters.
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '');
  return `pbshare-${[slug(username), slug(title) || 'pb'].filter(Boolean).join('-')}.jpg`;
}
