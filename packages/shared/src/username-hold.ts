/**
 * How long a username its owner renamed away from stays theirs: links to it redirect to the new
 * name, and nobody else can take it until the hold ends.
 */
export const USERNAME_HOLD_DAYS = 90;
