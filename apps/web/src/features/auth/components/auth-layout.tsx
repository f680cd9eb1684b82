import { KeyRound, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

import { TextLink } from '@/components/ui/text-link';

import { Decoration } from '@/components/ui/decoration';
import { IconBadge } from '@/components/ui/icon-badge';
import { cn } from '@/lib/cn';

export interface AuthLayoutProps {
  title: ReactNode;
  description?: ReactNode;
  /** A mark above the title, shown in a soft square. */
  icon?: LucideIcon;
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
      <Decoration className="inset-x-0 -top-16 -z-10 h-[30rem] bg-[radial-gradient(44rem_22rem_at_50%_0%,rgb(255_106_43/0.13),transparent_70%)]" />
      <div className="mx-auto flex w-full max-w-md flex-1 flex-col px-4 pt-8 pb-20 sm:px-6 sm:pt-14">
        <div
          className={cn(
            'rounded-3xl border border-border bg-background p-6 shadow-card sm:p-8',
            className,
          )}
        >
          <div className="mb-6 flex flex-col items-center text-center">
            {icon ? <IconBadge icon={icon} className="mb-4" /> : null}
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

/** The frame of the password recovery screens: a key for a mark, and a way back to sign-in. */
export function PasswordRecoveryLayout(props: Omit<AuthLayoutProps, 'icon' | 'footer'>) {
  return (
    <AuthLayout
      icon={KeyRound}
      footer={
        <>
          Remembered it? <TextLink to="/login">Back to sign in</TextLink>
        </>
      }
      {...props}
    />
  );
}
