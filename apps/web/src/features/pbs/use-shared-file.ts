import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

import { takeSharedFile } from '@/lib/share-inbox';

/** Said under the empty media field when a share arrived without its file. */
export const SHARED_FILE_MISSING = "The shared file didn't arrive. Pick it here.";

export interface SharedFileState {
  file?: File;
  /** Something was shared, but its file could not be kept for the form. */
  missing: boolean;
}

// One take for the page's double effect run in development (StrictMode): taking empties the inbox.
let taking: Promise<File | undefined> | undefined;
function takeOnce(): Promise<File | undefined> {
  taking ??= takeSharedFile()
    .catch(() => undefined)
    .finally(() => {
      taking = undefined;
    });
  return taking;
}

/**
 * The photo or video shared to the installed app, for the add form (docs/PRODUCT.md §15): the
 * service worker kept it and opened /add-pb?shared=1. ?shared=missing is the server's answer to a
 * share that no service worker took, whose file is gone. Once taken, the address drops
 * `?shared=1`, so a reload opens the plain form rather than saying the file did not arrive.
 */
export function useSharedFile(): SharedFileState {
  const [params, setParams] = useSearchParams();
  const shared = params.get('shared');
  const [state, setState] = useState<SharedFileState>({ missing: shared === 'missing' });
  useEffect(() => {
    if (shared !== '1') return;
    let live = true;
    void takeOnce().then((file) => {
      if (!live) return;
      setState(file ? { file, missing: false } : { missing: true });
      if (file) {
        setParams(
          (next) => {
            next.delete('shared');
            return next;
          },
          { replace: true },
        );
      }
    });
    return () => {
      live = false;
    };
  }, [shared, setParams]);
  return state;
}
