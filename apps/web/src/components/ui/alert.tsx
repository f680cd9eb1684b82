import { CircleAlert, CircleCheck, type LucideIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';

import { cn } from '@/lib/cn';
import { TextLink } from './text-link';
import { withClasses } from './with-classes';

const variants = {
  default: 'border-border bg-muted text-foreground [&>svg]:text-muted-foreground',
  success: 'border-success/25 bg-success/5 text-foreground [&>svg]:text-success',
  destructive:
    'border-destructive/30 bg-destructive-soft text-destructive-hover [&>svg]:text-destructive',
} as const;

export interface AlertProps extends ComponentProps<'div'> {
  variant?: keyof typeof variants;
}

/**
 * A message block. Destructive alerts get role="alert" so screen readers announce a failure the
 * moment it appears; default and success ones are polite status messages.
 */
export function Alert({ variant = 'default', className, role, ...props }: AlertProps) {
  return (
    <div
      role={role ?? (variant === 'destructive' ? 'alert' : 'status')}
      className={cn(
        'relative grid w-full grid-cols-[0_1fr] items-start gap-y-1 rounded-xl border px-4 py-3 text-sm has-[>svg]:grid-cols-[1.25rem_1fr] has-[>svg]:gap-x-3 [&>svg]:size-5 [&>svg]:translate-y-px',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}

export const { AlertTitle, AlertDescription } = withClasses({
  AlertTitle: ['p', 'col-start-2 font-semibold leading-tight'],
  AlertDescription: ['div', 'col-start-2 leading-relaxed [&_p]:leading-relaxed'],
});

export interface ErrorAlertProps {
  children: ReactNode;
  /** Where to go to put it right, e.g. a fresh link when the mailed one failed. */
  link?: { to: string; label: string };
  className?: string;
}

/** A failed request's message, with an optional link to what to do next. */
export function ErrorAlert({ children, link, className }: ErrorAlertProps) {
  return (
    <Alert variant="destructive" className={className}>
      <CircleAlert aria-hidden="true" />
      <AlertDescription>
        <p>{children}</p>
        {link ? (
          <p className="mt-1">
            <TextLink to={link.to} className="text-destructive-hover underline">
              {link.label}
            </TextLink>
          </p>
        ) : null}
      </AlertDescription>
    </Alert>
  );
}

export interface SuccessAlertProps {
  children: ReactNode;
  title?: ReactNode;
  /** A check mark unless the message calls for another, such as a letter for a sent mail. */
  icon?: LucideIcon;
  className?: string;
}

/** A request that went through, said politely (role="status"). */
export function SuccessAlert({
  children,
  title,
  icon: Icon = CircleCheck,
  className,
}: SuccessAlertProps) {
  return (
    <Alert variant="success" className={className}>
      <Icon aria-hidden="true" />
      {title ? <AlertTitle>{title}</AlertTitle> : null}
      <AlertDescription>{children}</AlertDescription>
    </Alert>
  );
}
