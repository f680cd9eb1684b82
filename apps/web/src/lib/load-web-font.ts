/**
 * The web font (Inter) is named only under the `web-font` class (styles/theme.css): until a page
 * adds it, text shows in a fallback sized like Inter and the font file is not fetched. The pages
 * rendered ahead paint and become usable first; the whole app shows Inter from its start.
 */

/** Names Inter now: the browser fetches the file and the text repaints once it arrives. */
export function showWebFont(): void {
  document.documentElement.classList.add('web-font');
}

/**
 * Declares Inter's faces (web-font.ts), fetches and decodes the file, and only then names it, so
 * the repaint comes in a task of its own after the file is ready.
 */
export function loadWebFont(): void {
  void import('./web-font')
    .then(() => document.fonts.load('1em "Inter Variable"'))
    .then(() => {
      requestAnimationFrame(showWebFont);
    });
}
