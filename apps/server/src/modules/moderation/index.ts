// The moderation module's face: what the composition roots and the admin CLI use.
export { createModeration, type Moderation } from './create-moderation.js';
export { moderationRoutes } from './routes.js';
export { ModerationRepository } from './repository.js';
export { ADMIN_USAGE, runAdminCommand } from './admin-cli.js';
