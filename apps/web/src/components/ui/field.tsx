import { useId, type ReactNode } from 'react';

import { cn } from '@/lib/cn';
import { Input } from './input';
import { Label } from './label';
import { PasswordInput } from './password-input';
import { Textarea } from './textarea';

/** What a control inside a Field spreads onto itself so the label, hint and error name it. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  label: ReactNode;
  /** Shown under the control while there is no error. */
  hint?: ReactNode;
  error?: string;
  /** Something at the label's end, such as a 'Forgot password?' link. */
  labelEnd?: ReactNode;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A labelled form control with an optional hint and an error. The error takes the hint's place,
 * is announced when it appears (role="alert") and stays tied to the control through
 * aria-describedby.
 */
export function Field({ label, hint, error, labelEnd, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const showHint = Boolean(hint) && !error;
  const describedBy = error ? errorId : showHint ? hintId : undefined;

  return (
    <div className={cn('grid gap-2', className)}>
      <div className="flex items-baseline justify-between gap-3">
        <Label htmlFor={id}>{label}</Label>
        {labelEnd}
      </div>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {showHint ? (
        <p id={hintId} className="text-xs leading-relaxed text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export function FieldError({ id, message }: { id?: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm font-medium text-destructive-hover">
      {message}
    </p>
  );
}

/** A Field's own props, without the control it wraps. */
type FieldFrameProps = Omit<FieldProps, 'children'>;

/**
 * A Field around one kind of control: the Field's props (label, hint, error, labelEnd, className)
 * go to the frame, every other prop (a `register(...)` spread included) to the control.
 */
function withField<P extends object>(Control: (props: P) => ReactNode, name: string) {
  function ControlField({
    label,
    hint,
    error,
    labelEnd,
    className,
    ...controlProps
  }: FieldFrameProps & Omit<P, keyof FieldFrameProps>) {
    return (
      <Field label={label} hint={hint} error={error} labelEnd={labelEnd} className={className}>
        {(control) => <Control {...control} {...(controlProps as P)} />}
      </Field>
    );
  }
  ControlField.displayName = name;
  return ControlField;
}

export const InputField = withField(Input, 'InputField');
export const PasswordField = withField(PasswordInput, 'PasswordField');
export const TextareaField = withField(Textarea, 'TextareaField');
