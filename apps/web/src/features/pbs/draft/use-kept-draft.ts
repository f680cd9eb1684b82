import { useState } from 'react';

import { useAuth } from '@/features/auth';
import { readPbDraft, type RestoredPbDraft } from './pb-draft';

/**
 * The draft this user kept before leaving for an upgrade, read once as the add page opens (or as
 * its user becomes known): the form starts from it, and the draft stays kept until the PB is saved
 * or the form cancelled, so a reload finds it again.
 */
export function useKeptDraft(): RestoredPbDraft | undefined {
  const userId = useAuth().user?.id;
  const [read, setRead] = useState(() => readFor(userId));
  if (read.userId !== userId) {
    const next = readFor(userId);
    setRead(next);
    return next.draft;
  }
  return read.draft;
}

function readFor(userId: string | undefined) {
  return { userId, draft: userId ? readPbDraft(userId) : undefined };
}
