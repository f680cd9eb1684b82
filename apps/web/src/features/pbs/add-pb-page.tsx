import { CATEGORIES, CATEGORY_UNITS, isCategory } from '@pbshare/shared';
import { useLocation } from 'react-router';

import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { usePersonalBests } from './api/get-personal-bests';
import { PbForm } from './components/pb-form';
import { PbFormLayout } from './components/pb-form-layout';
import { PbTips } from './components/pb-tips';
import { DraftNotice } from './draft/draft-notice';
import { clearPbDraft } from './draft/pb-draft';
import { DRAFT_TEXTS } from './draft/draft-texts';
import { useKeptDraft } from './draft/use-kept-draft';
import { SHARED_FILE_MISSING, useSharedFile } from './use-shared-file';
import {
  countFieldsFor,
  emptyPbFormValues,
  readAddPbState,
  type PbFormValues,
} from './pb-form-values';

/**
 * /add-pb. Coming from a card's 'Add New Personal Best for {exercise}', the navigation state
 * prefills the exercise (name, category, sets, reps) for its new record; otherwise a draft kept
 * before an upgrade, if any, is put back. A photo or video shared to the installed app arrives
 * here attached (?shared=1).
 */
export function AddPbPage() {
  useDocumentTitle(pageTitle('Add New Personal Best'));
  const location = useLocation();
  const preload = readAddPbState(location.state);
  const kept = useKeptDraft();
  const shared = useSharedFile();
  // A card's prefill is a new start: it wins over an older draft.
  const draft = preload ? undefined : kept;
  const list = usePersonalBests();
  // Wait for the cached list only when it can tell the preloaded exercise's unit.
  const source = preload ? list.data?.find((pb) => pb.id === preload.pbId) : undefined;

  const defaults = draft?.values ?? defaultsFor(preload, source?.unit);
  return (
    <PbFormLayout
      title="Add New Personal Best"
      onClose={clearPbDraft}
      subtitle={
        preload
          ? `A new record for ${preload.preloadData.exerciseName}.`
          : 'Log it with the proof and the story.'
      }
    >
      <PbTips />
      {draft ? <DraftNotice draft={draft} /> : null}
      <div className="mt-6 rounded-3xl border border-border bg-background p-5 shadow-card sm:p-8">
        <PbForm
          // A new preload (or the unit, or a kept draft, arriving) starts the form afresh.
          key={`${location.key}-${source?.unit ?? ''}-${draft ? 'draft' : ''}`}
          mode="add"
          defaultValues={defaults}
          restoredFile={draft?.file}
          sharedFile={shared.file}
          mediaNote={
            shared.missing
              ? SHARED_FILE_MISSING
              : draft?.fileLost
                ? DRAFT_TEXTS.fileLost
                : undefined
          }
        />
      </div>
    </PbFormLayout>
  );
}

function defaultsFor(
  preload: ReturnType<typeof readAddPbState>,
  unit: PbFormValues['unit'] | undefined,
): PbFormValues {
  if (!preload) return emptyPbFormValues();
  const { exerciseName, category: rawCategory, sets, reps } = preload.preloadData;
  const category = isCategory(rawCategory) ? rawCategory : CATEGORIES[0];
  const values = emptyPbFormValues(category);
  const counts = countFieldsFor(category);
  return {
    ...values,
    title: exerciseName,
    unit: unit && CATEGORY_UNITS[category].includes(unit) ? unit : values.unit,
    sets: counts.sets && /^\d+$/.test(sets) ? sets : '',
    reps: counts.reps && /^\d+$/.test(reps) ? reps : '',
  };
}
