// The users module's public face: other modules import only from here (lint enforces it).
export type { UserDirectory } from './user-directory.js';
export type { AlsoInTransaction, UserRecord } from './repository.js';
export type { AccountModeration } from './account-moderation.js';
export { NO_PASSWORD_HASH, setPasswordFirst } from './no-password.js';
export { toUserDto } from './user-dto.js';
