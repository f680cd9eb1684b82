/**
 * Where a purchase began (the profile, the add form), kept in this tab's sessionStorage across the
 * sign-in round trip and the payment page, so the buyer lands back there afterwards.
 */
const KEY = 'pbshare.checkoutReturnTo';
const DEFAULT_RETURN = '/profile';

/** Only paths of this app: never another origin (`//evil.example`) or a scheme. */
function isSafeReturnPath(path: string | null | undefined): path is string {
  return typeof path === 'string' && /^\/(?![/\\])[\w\-/]*$/.test(path);
}

export function rememberReturnPath(path: string | null): void {
  if (!isSafeReturnPath(path)) return;
  try {
    sessionStorage.setItem(KEY, path);
  } catch {
    // Storage can be off (private mode): the buyer then lands on /profile.
  }
}

/** A visit to /pricing that starts no purchase journey: an older remembered page no longer applies. */
export function forgetReturnPath(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}

export function takeReturnPath(): string {
  try {
    const path = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return isSafeReturnPath(path) ? path : DEFAULT_RETURN;
  } catch {
    return DEFAULT_RETURN;
  }
}
