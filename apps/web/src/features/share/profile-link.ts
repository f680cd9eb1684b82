/** The public link of a person: the site's origin plus '/' and their display name. */
export interface ProfileLink {
  /** The full URL, to copy, share and encode in the QR code. */
  url: string;
  /** What the page shows: the host without its scheme, '/', the name ('pbshare.app/ada'). */
  display: string;
}

/** The link for `displayName`, or null when there is none to build it from. */
export function profileLink(
  displayName: string | null | undefined,
  location: Pick<Location, 'origin' | 'host'> = window.location,
): ProfileLink | null {
  const name = displayName?.trim();
  if (!name) return null;
  return {
    url: `${location.origin}/${encodeURIComponent(name)}`,
    display: `${location.host}/${name}`,
  };
}
