import { useCallback, useState } from 'react';

/** Where the viewer keeps whether the visitor wants sound on videos ('on' or 'off'). */
export const SOUND_PREFERENCE_KEY = 'pbshare.storySound';

function readPreference(): boolean {
  try {
    return window.localStorage.getItem(SOUND_PREFERENCE_KEY) !== 'off';
  } catch {
    return true;
  }
}

function writePreference(on: boolean) {
  try {
    window.localStorage.setItem(SOUND_PREFERENCE_KEY, on ? 'on' : 'off');
  } catch {
    // Storage refused (some private modes): the choice lasts while the viewer is open.
  }
}

/** True when the browser has seen a click or key press on this page (sticky user activation). */
function pageHasBeenActivated(): boolean {
  // Missing in older browsers, jsdom and server rendering: treat the page as not yet activated.
  if (typeof navigator === 'undefined') return false;
  const { userActivation } = navigator as { userActivation?: UserActivation };
  return userActivation?.hasBeenActive ?? false;
}

/**
 * The sound of the viewer's videos (docs/PRODUCT.md §4): one muted flag shared by every video,
 * which starts true, and a sound preference kept in localStorage that defaults to on.
 *
 * Browsers refuse to start a video with sound before the visitor has interacted with the page, so
 * the preference is honoured only once that has happened: at once when the viewer was opened by
 * a click (the share preview), otherwise on the visitor's first tap or key press in the viewer.
 * A video that is refused anyway reports it through `onAutoplayBlocked` and plays muted.
 */
export function useStorySound() {
  const [soundOn, setSoundOn] = useState(readPreference);
  const [muted, setMuted] = useState(() => !(soundOn && pageHasBeenActivated()));

  /** The visitor interacted with the viewer: sound may now start, if they want it. */
  const onUserGesture = useCallback(() => {
    if (soundOn) setMuted(false);
  }, [soundOn]);

  /** The sound button: flips the sound now and remembers the choice. */
  const toggleSound = useCallback(() => {
    const nextMuted = !muted;
    setMuted(nextMuted);
    setSoundOn(!nextMuted);
    writePreference(!nextMuted);
  }, [muted]);

  /** A video could not start with sound: play muted until the visitor asks again. */
  const onAutoplayBlocked = useCallback(() => {
    setMuted(true);
  }, []);

  return { muted, toggleSound, onUserGesture, onAutoplayBlocked };
}
