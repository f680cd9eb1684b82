import type { preHandlerAsyncHookHandler } from 'fastify';
import type { AuthService } from './service.js';

export interface AuthRouteDeps {
  auth: AuthService;
  requireAuth: preHandlerAsyncHookHandler;
  /** Mark the refresh cookie Secure: true whenever the public origin is https. */
  secureCookies: boolean;
}
