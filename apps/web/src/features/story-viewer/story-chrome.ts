/** Hides an element drawn over the slide while the visitor holds it (see STORY_CHROME). */
export const CHROME_HIDDEN = 'group-data-[chrome=hidden]/story:opacity-0';

/**
 * The classes of everything drawn over a slide's picture (header, progress, buttons, text), which
 * fades out while the visitor holds the slide (`data-chrome="hidden"` on the stage's `group/story`
 * box), and simply disappears for a visitor who asked for less motion.
 */
export const STORY_CHROME = `transition-opacity duration-200 ease-out motion-reduce:transition-none ${CHROME_HIDDEN}`;
