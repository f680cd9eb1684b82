/** What the add form says when it opens on a kept draft (docs/PRODUCT.md §2). */
export const DRAFT_TEXTS = {
  fileLost: 'Your details are kept. Pick the photo or video again.',
  proReady: "You're Pro now. Your PB is ready to save.",
  /** The media field says the rest: its file must be picked again. */
  proNow: "You're Pro now.",
} as const;
