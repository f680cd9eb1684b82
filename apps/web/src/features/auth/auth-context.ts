import type { Session, User } from '@pbshare/shared';
import { createContext } from 'react';

/** The client auth state of docs/PRODUCT.md §3. */
export interface AuthState {
  /** The signed-in user, or null for a visitor (and while loading). */
  user: User | null;
  /** The access token, or null when signed out. */
  token: string | null;
  /** True while a stored token's user is being fetched. */
  isLoading: boolean;
  /** Stores a fresh session (after sign-in). */
  startSession: (session: Session) => void;
  /** Replaces the known user (after a profile update). */
  setUser: (user: User) => void;
  /**
   * Ends the session on the user's own request (sign-out, account deletion): forgets the token,
   * the user and every cached answer. The caller then moves on (to /).
   */
  clearSession: () => void;
  /**
   * How many times the user ended a session. A protected page being left after that does not
   * bounce to /login, since its caller is already navigating elsewhere.
   */
  userExits: number;
}

export const AuthContext = createContext<AuthState | null>(null);
