/** The CSS property that holds this address's host with its slash ("pbshare.app/"), as a string. */
export const PAGE_HOST_PROPERTY = '--page-host';

/**
 * Puts the host the page was opened at into a CSS property of the document, which the landing's
 * claim form shows before the typed name. The build cannot know the host, so the prerendered
 * landing's boot script sets it before the first paint and the prefix is there from the start:
 * nothing moves when the script hydrates the page. It travels as text in that script too
 * (entries/page-boot.ts), so it uses nothing from outside its own body.
 */
export function showPageHost(property: string): void {
  document.documentElement.style.setProperty(property, JSON.stringify(`${location.host}/`));
}
