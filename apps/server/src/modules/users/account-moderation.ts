import type { UsersService } from './service.js';

/**
 * What moderation may do to an account: suspend it or lift the suspension, and remove it as its
 * owner's deletion does. Each runs the caller's work (the audit entry) in its own transaction.
 */
export type AccountModeration = Pick<UsersService, 'setSuspension' | 'removeAccountOf'>;
