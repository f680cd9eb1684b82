import {
  CATEGORIES,
  defaultUnitFor,
  FREE_LIMIT_TEXT,
  FREE_TIER_PB_LIMIT,
  isCategory,
  PB_STORY_MAX_LENGTH,
  titleKey,
  type Category,
  type PersonalBest,
  type Unit,
} from '@pbshare/shared';
import { useEffect, useId } from 'react';
import { useWatch, type FieldErrors, type UseFormRegisterReturn } from 'react-hook-form';

import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import {
  countFieldsFor,
  EXERCISE_PLACEHOLDERS,
  localTodayIso,
  type PbFormApi,
  type PbFormValues,
} from '../pb-form-values';
import { ValueFields } from './value-fields';

export interface PbFormFieldsProps {
  form: PbFormApi;
  errors: FieldErrors<PbFormValues>;
  mode: 'add' | 'edit';
  /** The user's exercises: the name's suggestions, and whether a new one fits the free limit. */
  exercises: PersonalBest[];
  freeAccount: boolean;
}

/** The PB form's fields below its media: the exercise, the value, sets and reps, date and story. */
export function PbFormFields({ form, errors, mode, exercises, freeAccount }: PbFormFieldsProps) {
  const { register, setValue, trigger, subscribe, getFieldState, control } = form;
  // The value's problem sits on `value`, which no input is: re-check it as its inputs change, so
  // it (and the summary) go once the value is right, as every other field's do.
  useEffect(
    () =>
      subscribe({
        name: ['unit', 'amount', 'hours', 'minutes', 'seconds'],
        formState: { values: true },
        callback: () => {
          if (getFieldState('value').error) void trigger('value');
        },
      }),
    [subscribe, getFieldState, trigger],
  );
  const category = useWatch({ control, name: 'category' });
  const unit = useWatch({ control, name: 'unit' });
  const story = useWatch({ control, name: 'story' });
  const counts = countFieldsFor(category);

  return (
    <>
      <ExerciseFields
        form={form}
        errors={errors}
        mode={mode}
        exercises={exercises}
        freeAccount={freeAccount}
        category={category}
      />

      <ValueFields
        category={category}
        unit={unit}
        register={register}
        onUnitChange={(next: Unit) => {
          setValue('unit', next, { shouldValidate: false });
        }}
        error={errors.value?.message}
      />

      {counts.sets || counts.reps ? (
        <div className="grid grid-cols-2 gap-4 sm:gap-6">
          {COUNT_FIELDS.filter(({ name }) => counts[name]).map(({ name, label, placeholder }) => (
            <CountField
              key={name}
              label={label}
              placeholder={placeholder}
              error={errors[name]?.message}
              input={register(name)}
            />
          ))}
        </div>
      ) : null}

      <Field label="Date achieved" error={errors.date?.message}>
        {(controlProps) => (
          <Input
            {...controlProps}
            type="date"
            max={localTodayIso()}
            className="sm:max-w-60"
            {...register('date')}
          />
        )}
      </Field>

      <Field
        label="Your story"
        hint={`Optional · ${story.length}/${PB_STORY_MAX_LENGTH} characters`}
        error={errors.story?.message}
      >
        {(controlProps) => (
          <Textarea
            {...controlProps}
            rows={4}
            placeholder="What did it take to get here?"
            {...register('story')}
          />
        )}
      </Field>
    </>
  );
}

/** What the exercise name's hint says: whose history a record joins, or the free limit. */
function exerciseNameHint(
  mode: 'add' | 'edit',
  matching: PersonalBest | undefined,
  atFreeLimit: boolean,
): string | undefined {
  if (mode === 'add' && matching) return `This adds a new record to your ${matching.title}.`;
  if (atFreeLimit)
    return `Free accounts can track ${FREE_LIMIT_TEXT}: pick one of yours to add a new record.`;
  if (mode === 'edit') return undefined;
  return 'Use the same name each time to build its history.';
}

/** The category and the exercise's name, with the user's exercises as suggestions. */
function ExerciseFields({
  form,
  errors,
  mode,
  exercises,
  freeAccount,
  category,
}: PbFormFieldsProps & { category: Category }) {
  const { register, setValue, clearErrors, control } = form;
  const datalistId = useId();
  const title = useWatch({ control, name: 'title' });
  const matching = title.trim()
    ? exercises.find((pb) => titleKey(pb.title) === titleKey(title))
    : undefined;
  const atFreeLimit =
    mode === 'add' && freeAccount && exercises.length >= FREE_TIER_PB_LIMIT && !matching;

  return (
    <div className="grid gap-6 sm:grid-cols-2">
      <Field label="Category" error={errors.category?.message} className="content-start">
        {(controlProps) => (
          <Select
            {...controlProps}
            {...register('category', {
              onChange: (event: { target: { value: string } }) => {
                // Each category starts on its own default unit (lbs, reps, duration).
                const next = event.target.value;
                if (!isCategory(next)) return;
                setValue('unit', defaultUnitFor(next));
                // Counts the new category has not are cleared, so nothing hidden is sent.
                const nextCounts = countFieldsFor(next);
                const dropped = COUNT_FIELDS.map(({ name }) => name).filter(
                  (name) => !nextCounts[name],
                );
                for (const name of dropped) setValue(name, '');
                clearErrors(['value', ...dropped]);
              },
            })}
          >
            {CATEGORIES.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </Select>
        )}
      </Field>

      <Field
        label="Exercise name"
        hint={exerciseNameHint(mode, matching, atFreeLimit)}
        error={errors.title?.message}
        className="content-start"
      >
        {(controlProps) => (
          <Input
            {...controlProps}
            placeholder={EXERCISE_PLACEHOLDERS[category]}
            autoComplete="off"
            list={exercises.length > 0 ? datalistId : undefined}
            {...register('title')}
          />
        )}
      </Field>
      {exercises.length > 0 ? (
        <datalist id={datalistId}>
          {exercises.map((pb) => (
            <option key={pb.exerciseId} value={pb.title} />
          ))}
        </datalist>
      ) : null}
    </div>
  );
}

/** The optional counts, in the order the form shows them. */
const COUNT_FIELDS = [
  { name: 'sets', label: 'Sets', placeholder: 'e.g. 3' },
  { name: 'reps', label: 'Reps', placeholder: 'e.g. 5' },
] as const;

/** An optional whole number: sets or reps. */
function CountField({
  label,
  placeholder,
  error,
  input,
}: {
  label: string;
  placeholder: string;
  error: string | undefined;
  input: UseFormRegisterReturn;
}) {
  return (
    <Field label={label} hint="Optional" error={error} className="content-start">
      {(controlProps) => (
        <Input
          {...controlProps}
          inputMode="numeric"
          autoComplete="off"
          placeholder={placeholder}
          {...input}
        />
      )}
    </Field>
  );
}
