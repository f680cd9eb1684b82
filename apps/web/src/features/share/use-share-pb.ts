import { useCallback, useMemo, useState } from 'react';

import { toast } from '@/components/ui/toaster';
import { useAuth } from '@/features/auth';
import { fetchOwnStoryImage } from './own-story-image';
import { pbImageFileName, pbLink } from './pb-link';
import { sharePb, type PbShareOutcome } from './share-pb';
import { storyImage } from './story-image';
import { COPY_FAILED, toastMissingUsername } from './use-copy-link';

/** What 'Share this PB' needs of a PB: the owner's card and the public one both have it. */
export interface ShareablePb {
  id: string;
  title: string;
  displayValue: string;
}

/**
 * 'Share this PB' (docs/PRODUCT.md §2): `share` shares the PB's public link and story image
 * (share-pb.ts) and tells the owner what happened; `prepare` starts fetching the image, called
 * as the pointer or focus reaches the button, so the share sheet rarely waits for it.
 */
export function useSharePb(pb: ShareablePb) {
  const { user } = useAuth();
  const username = user?.displayName.trim() ?? '';
  const { id, title, displayValue } = pb;
  const image = useMemo(
    () => storyImage(() => fetchOwnStoryImage(id), pbImageFileName(username, title)),
    [username, id, title],
  );
  const [busy, setBusy] = useState(false);

  const prepare = useCallback(() => {
    if (username) void image.load();
  }, [image, username]);

  const share = useCallback(async () => {
    if (!username) {
      toastMissingUsername();
      return;
    }
    setBusy(true);
    try {
      const outcome = await sharePb({
        url: pbLink(username, id),
        title: `${title}: ${displayValue}`,
        text: `My ${title} PB: ${displayValue}`,
        image,
      });
      tell(outcome);
    } finally {
      setBusy(false);
    }
  }, [username, id, title, displayValue, image]);

  return { share, prepare, busy };
}

/** The toast for each way a share can end; the share sheet speaks for itself. */
function tell(outcome: PbShareOutcome) {
  switch (outcome.kind) {
    case 'shared':
    case 'cancelled':
      return;
    case 'tap-again':
      toast('Ready to share', { description: "Tap 'Share this PB' again to share its image." });
      return;
    case 'copied': {
      const image = outcome.imageSaved
        ? 'Its image is downloading.'
        : 'Its image could not be made right now.';
      if (outcome.copied) {
        toast.success('Link copied!', {
          description: `Your PB link has been copied to clipboard. ${image}`,
        });
      } else {
        toast.error('Failed to copy', {
          description: `${COPY_FAILED}. ${image}`,
        });
      }
    }
  }
}
