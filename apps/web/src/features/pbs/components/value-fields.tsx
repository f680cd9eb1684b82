import { CATEGORY_UNITS, type Category, type Unit } from '@pbshare/shared';
import { useId } from 'react';
import type { UseFormRegister } from 'react-hook-form';

import { FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';
import { UNIT_LABELS, type PbFormValues } from '../pb-form-values';

/**
 * The measured value (docs/PRODUCT.md §3): the unit choice of the category, then a weight, a rep
 * count, or a time as hours, minutes and seconds.
 */
export function ValueFields({
  category,
  unit,
  register,
  onUnitChange,
  error,
}: {
  category: Category;
  unit: Unit;
  register: UseFormRegister<PbFormValues>;
  onUnitChange: (unit: Unit) => void;
  error: string | undefined;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const units = CATEGORY_UNITS[category];
  const invalid = error ? true : undefined;
  const describedBy = error ? errorId : undefined;

  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm leading-none font-medium">Your result</legend>

      {units.length > 1 ? (
        <div
          role="radiogroup"
          aria-label="Unit"
          className="inline-flex h-11 w-full items-center gap-1 rounded-xl bg-secondary p-1 sm:w-auto sm:justify-self-start"
        >
          {units.map((option) => (
            <button
              key={option}
              type="button"
              role="radio"
              aria-checked={option === unit}
              onClick={() => {
                onUnitChange(option);
              }}
              className={cn(
                'h-full flex-1 rounded-lg px-4 text-sm font-medium transition-colors sm:flex-none',
                option === unit
                  ? 'bg-background text-foreground shadow-sm'
                  : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {UNIT_LABELS[option]}
            </button>
          ))}
        </div>
      ) : null}

      {unit === 'duration' ? (
        <div className="grid grid-cols-3 gap-3">
          {(
            [
              ['hours', 'Hours', '0'],
              ['minutes', 'Minutes', '00'],
              ['seconds', 'Seconds', '00'],
            ] as const
          ).map(([name, label, placeholder]) => (
            <div key={name} className="grid gap-1.5">
              <Label htmlFor={`${id}-${name}`} className="text-xs text-muted-foreground">
                {label}
              </Label>
              <Input
                id={`${id}-${name}`}
                inputMode="numeric"
                autoComplete="off"
                placeholder={placeholder}
                aria-invalid={invalid}
                aria-describedby={describedBy}
                {...register(name)}
              />
            </div>
          ))}
        </div>
      ) : (
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-amount`} className="text-xs text-muted-foreground">
            {unit === 'reps' ? 'Reps' : `Weight (${unit})`}
          </Label>
          <div className="relative">
            <Input
              id={`${id}-amount`}
              inputMode={unit === 'reps' ? 'numeric' : 'decimal'}
              autoComplete="off"
              placeholder={unit === 'reps' ? 'e.g. 15' : unit === 'kg' ? 'e.g. 100' : 'e.g. 225'}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              className="pr-16"
              {...register('amount')}
            />
            <span
              aria-hidden="true"
              className="pointer-events-none absolute inset-y-0 right-3.5 flex items-center text-sm font-medium text-muted-foreground"
            >
              {unit}
            </span>
          </div>
        </div>
      )}
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
