/** The pocket app's words about the network and new versions (docs/PRODUCT.md §15). */
export const OFFLINE_TEXTS = {
  offline: "You're offline: showing what you had",
  updateReady: 'A new version is ready',
  reload: 'Reload',
} as const;
