/** Query keys of the signed-in user. */
export const authKeys = {
  /** The signed-in user's profile (GET /users/profile). */
  me: ['auth', 'me'] as const,
};
