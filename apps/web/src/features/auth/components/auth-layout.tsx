import type { ReactNode } from 'react';

import { cn } from '@/lib/cn';

export interface AuthLayoutProps {
  title: ReactNode;
  description?: ReactNode;
  /** A mark above the title (an icon in a soft square). */
  icon?: ReactNode;
  children: ReactNode;
  /** Under the card: 'Already have an account? Sign in' and the like. */
  footer?: ReactNode;
  className?: string;
}

/**
 * The frame of the account screens (sign-in, sign-up, verification, password recovery): a single
 * card on the brand glow, centred on wide screens and edge to edge on phones.
 */
export function AuthLayout({
  title,
  description,
  icon,
  children,
  footer,
  className,
}: AuthLayoutProps) {
  return (
    <div className="relative isolate flex flex-1 flex-col">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 -top-16 -z-10 h-[30rem] bg-[radial-gradient(44rem_22rem_at_50%_0%,rgb(255_106_43/0.13),transparent_70%)]"
      />
      <div className="mx-auto flex w-full max-w-md flex-1 flex-col px-4 pt-8 pb-20 sm:px-6 sm:pt-14">
        <div
          className={cn(
            'rounded-3xl border border-border bg-background p-6 shadow-card sm:p-8',
            className,
          )}
        >
          <div className="mb-6 flex flex-col items-center text-center">
            {icon ? (
              <span className="mb-4 inline-flex size-12 items-center justify-center rounded-2xl bg-primary-soft text-primary [&_svg]:size-6">
                {icon}
              </span>
            ) : null}
            <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-[1.75rem]">
              {title}
            </h1>
            {description ? (
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground text-pretty">
                {description}
              </p>
            ) : null}
          </div>
          {children}
        </div>
        {footer ? <p className="mt-6 text-center text-sm text-muted-foreground">{footer}</p> : null}
      </div>
    </div>
  );
}
