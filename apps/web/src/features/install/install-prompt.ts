/**
 * Chromium's offer to install the app (`beforeinstallprompt`), held back so the app can make it at
 * a moment of its choosing: after the athlete's first saved PB, never on a visitor's page. The
 * listener must be added early, by the entries of the app's documents, since the browser fires the
 * event once, soon after the page loads.
 */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let held: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function changed() {
  for (const listener of listeners) listener();
}

export function listenForInstallPrompt(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    // Without this Chromium shows its own banner at once, at no moment of ours.
    event.preventDefault();
    held = event as InstallPromptEvent;
    changed();
  });
  target.addEventListener('appinstalled', () => {
    held = null;
    changed();
  });
}

export function subscribeToInstallPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The held offer, or null when the browser has none (installed, unsupported, already used). */
export function heldInstallPrompt(): InstallPromptEvent | null {
  return held;
}

/** Shows the browser's install dialog; an offer can be used once. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const offer = held;
  if (!offer) return 'unavailable';
  held = null;
  changed();
  await offer.prompt();
  return (await offer.userChoice).outcome;
}
