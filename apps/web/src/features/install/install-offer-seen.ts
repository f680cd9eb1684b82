/** Set once the install offer has been shown: it is made once per browser, never again. */
export const INSTALL_OFFERED_KEY = 'pbshare.installOffered';

export function installWasOffered(): boolean {
  try {
    return window.localStorage.getItem(INSTALL_OFFERED_KEY) !== null;
  } catch {
    // Storage refused (some private modes): better never to offer than to offer on every visit.
    return true;
  }
}

export function rememberInstallOffered(): void {
  try {
    window.localStorage.setItem(INSTALL_OFFERED_KEY, new Date().toISOString());
  } catch {
    // Nothing to keep it in; installWasOffered already answers true there.
  }
}
