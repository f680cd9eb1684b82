import { TIMINGS } from '@pbshare/shared';
import { useCallback, useEffect, useRef, useState } from 'react';

import { toast } from '@/components/ui/toaster';
import { copyToClipboard } from './clipboard';

/** Why a link could not be copied; a share's fallback says the same. */
export const COPY_FAILED = 'Could not copy link to clipboard';

/** No display name, so no public link to copy or share. */
export function toastMissingUsername(): void {
  toast.error('Missing username', {
    description: 'Please set a display name in your profile settings first',
  });
}

/**
 * The 'Copy Link' button (docs/PRODUCT.md §4, §5 and §8): with no link, the 'Missing username'
 * toast; otherwise the link goes to the clipboard, the button reads 'Copied!' for 2 s and a toast
 * confirms it, or a 'Failed to copy' toast says it could not.
 */
export function useCopyLink(url: string | null | undefined) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(
    () => () => {
      window.clearTimeout(timer.current);
    },
    [],
  );

  const copy = useCallback(async () => {
    if (!url) {
      toastMissingUsername();
      return;
    }
    try {
      await copyToClipboard(url);
    } catch {
      toast.error('Failed to copy', { description: COPY_FAILED });
      return;
    }
    setCopied(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      setCopied(false);
    }, TIMINGS.copiedIndicatorMs);
    toast.success('Link copied!', {
      description: 'Your profile link has been copied to clipboard',
    });
  }, [url]);

  return { copied, copy };
}
