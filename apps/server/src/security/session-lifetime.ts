/** How long a session lasts without use: the refresh token's and its cookie's lifetime. */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
