import { Sparkles } from 'lucide-react';

import { SuccessAlert } from '@/components/ui/alert';
import { useAuth } from '@/features/auth';
import { DRAFT_TEXTS } from './draft-texts';
import type { RestoredPbDraft } from './pb-draft';

/**
 * Above a restored add form: a draft is only kept at the free limit, so a Pro account opening one
 * has just upgraded, and the PB it was stopped on can now be saved.
 */
export function DraftNotice({ draft }: { draft: RestoredPbDraft }) {
  const { user } = useAuth();
  if (user?.subscription_tier !== 'unlimited') return null;
  return (
    <SuccessAlert icon={Sparkles} className="mt-6">
      {draft.fileLost ? DRAFT_TEXTS.proNow : DRAFT_TEXTS.proReady}
    </SuccessAlert>
  );
}
