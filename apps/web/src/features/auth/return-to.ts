import { PLANS } from '@pbshare/shared';

/**
 * Where signing in leads. A signed-in page asked for while signed out hands its path over in the
 * history state (`{ returnTo }`), so a bookmarked /share-profile comes back to /share-profile; a
 * visitor who picked a plan on /pricing comes back to it with the plan, and its checkout starts.
 * Otherwise /profile.
 */
export function signInDestination(state: unknown, params: URLSearchParams): string {
  const returnTo = readReturnTo(state);
  if (returnTo) return returnTo;
  if (params.get('redirect') !== 'pricing') return '/profile';
  const plan = PLANS.find(({ id }) => id === params.get('plan'));
  return plan ? `/pricing?plan=${plan.id}` : '/pricing';
}

/** The state a signed-in route sets on its way to /login. */
export function returnToState(path: string): { returnTo: string } {
  return { returnTo: path };
}

/** Only this app's own signed-in paths: never another origin, a scheme or the sign-in pages. */
function readReturnTo(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const { returnTo } = state as Record<string, unknown>;
  if (typeof returnTo !== 'string' || !/^\/(?![/\\])[\w\-/?=&%.]*$/.test(returnTo)) return null;
  return /^\/(login|signup)\b/.test(returnTo) ? null : returnTo;
}
