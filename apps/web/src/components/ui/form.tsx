import type { ComponentProps, SubmitEvent } from 'react';

import { cn } from '@/lib/cn';
import { Button, type ButtonProps } from './button';

export interface FormProps extends Omit<ComponentProps<'form'>, 'onSubmit'> {
  /** Usually react-hook-form's `handleSubmit(...)`; a promise it returns is not awaited. */
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => Promise<void> | void;
}

/**
 * A form whose fields are checked by its schema rather than the browser (noValidate), so the
 * messages are the shared ones; laid out as a column of fields.
 */
export function Form({ className, onSubmit, ...props }: FormProps) {
  return (
    <form
      noValidate
      className={cn('grid gap-5', className)}
      onSubmit={(event) => {
        void onSubmit(event);
      }}
      {...props}
    />
  );
}

export interface SubmitButtonProps extends Omit<ButtonProps, 'type' | 'asChild'> {
  /** The request is running: the button is disabled and says so. */
  pending: boolean;
  /** Its label meanwhile, such as 'Saving...'. */
  pendingLabel: string;
}

/** A form's send button: large by default, disabled with a 'working' label while it is sent. */
export function SubmitButton({
  pending,
  pendingLabel,
  disabled,
  size = 'lg',
  children,
  ...props
}: SubmitButtonProps) {
  return (
    <Button type="submit" size={size} disabled={pending || disabled} {...props}>
      {pending ? pendingLabel : children}
    </Button>
  );
}
