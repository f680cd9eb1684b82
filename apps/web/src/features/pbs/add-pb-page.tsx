import { CATEGORIES, CATEGORY_UNITS, isCategory } from '@pbshare/shared';
import { useLocation } from 'react-router';

import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { usePersonalBests } from './api/get-personal-bests';
import { PbForm } from './components/pb-form';
import { PbFormLayout } from './components/pb-form-layout';
import { PbTips } from './components/pb-tips';
import {
  countFieldsFor,
  emptyPbFormValues,
  readAddPbState,
  type PbFormValues,
} from './pb-form-values';

/**
 * /add-pb. Coming from a card's 'Add New Personal Best for {exercise}', the navigation state
 * prefills the exercise (name, category, sets, reps) for its new record.
 */
export function AddPbPage() {
  useDocumentTitle(pageTitle('Add New Personal Best'));
  const location = useLocation();
  const preload = readAddPbState(location.state);
  const list = usePersonalBests();
  // Wait for the cached list only when it can tell the preloaded exercise's unit.
  const source = preload ? list.data?.find((pb) => pb.id === preload.pbId) : undefined;

  const defaults = defaultsFor(preload, source?.unit);
  return (
    <PbFormLayout
      title="Add New Personal Best"
      subtitle={
        preload
          ? `A new record for ${preload.preloadData.exerciseName}.`
          : 'Log it with the proof and the story.'
      }
    >
      <PbTips />
      <div className="mt-6 rounded-3xl border border-border bg-background p-5 shadow-card sm:p-8">
        <PbForm
          // A new preload (or the unit arriving) starts the form afresh.
          key={`${location.key}-${source?.unit ?? ''}`}
          mode="add"
          defaultValues={defaults}
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
