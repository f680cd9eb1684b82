import { useId, useLayoutEffect, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router';

import { Button } from '@/components/ui/button';
import { useClientValue } from '@/hooks/use-client-value';
import { PAGE_HOST_PROPERTY, showPageHost } from '@/lib/page-host';

/**
 * Lets a visitor try out their public address before signing up. The spec asks for no validation
 * here: whatever is typed travels to the sign-up form, which does check it.
 *
 * A plain GET form to /signup that the app takes over: the landing page is prerendered, and a
 * visitor who types and submits before its script has run (or without one) lands on the same
 * address. The input is uncontrolled so hydration keeps what was typed.
 */
export function ClaimUsernameForm() {
  const navigate = useNavigate();
  const inputId = useId();
  // The prefix is the host, drawn from a CSS property (lib/page-host.ts): the prerendered page's
  // boot script sets it before the first paint, so hydration moves nothing; a page the app renders
  // itself sets it before painting too. The tooltip, for a host too long to show, may come later.
  useLayoutEffect(() => {
    showPageHost(PAGE_HOST_PROPERTY);
  }, []);
  const host = useClientValue(() => window.location.host, '');

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const username = new FormData(event.currentTarget).get('username');
    const name = typeof username === 'string' ? username : '';
    void navigate(`/signup?username=${encodeURIComponent(name)}`);
  }

  return (
    <form
      action="/signup"
      method="get"
      onSubmit={onSubmit}
      className="w-full max-w-xl"
      aria-label="Claim your username"
    >
      <label htmlFor={inputId} className="sr-only">
        Your username
      </label>
      <div className="flex flex-col gap-2 rounded-2xl border border-border bg-background p-2 shadow-card transition-[border-color,box-shadow] focus-within:border-ring focus-within:ring-4 focus-within:ring-ring/15 sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 items-center pl-3">
          <span
            data-testid="page-host"
            className="max-w-[55%] shrink-0 truncate text-base text-muted-foreground select-none before:content-[var(--page-host)] sm:text-sm"
            title={host || undefined}
          />
          <input
            id={inputId}
            name="username"
            placeholder="yourname"
            autoComplete="off"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            className="h-11 min-w-0 flex-1 bg-transparent pr-2 text-base font-medium text-foreground outline-none placeholder:font-normal placeholder:text-muted-foreground focus-visible:outline-none sm:text-sm"
          />
        </div>
        <Button type="submit" size="lg" className="w-full sm:w-auto">
          Share your PBs
        </Button>
      </div>
    </form>
  );
}
