import type { RequireAuth } from '../../http/auth-guard.js';
import type { AuthService } from './service.js';

export interface AuthRouteDeps {
  auth: AuthService;
  requireAuth: RequireAuth;
  /** Mark the refresh cookie Secure: true whenever the public origin is https. */
  secureCookies: boolean;
  /** The app's public origin: refresh and sign-out refuse requests another site started. */
  publicOrigin: string;
}
