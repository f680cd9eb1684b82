/** Query keys of the admin calls: everything under `['admin']`, so one action refreshes it all. */
export const adminKeys = {
  all: ['admin'] as const,
  queue: ['admin', 'queue'] as const,
  audit: ['admin', 'audit'] as const,
};
