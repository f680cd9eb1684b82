import { lazy, Suspense, useRef, useState } from 'react';

const loadContent = () => import('./cookies-dialog-content');
const CookiesDialogContent = lazy(async () => ({
  default: (await loadContent()).CookiesDialogContent,
}));

/*
 * The spec's footer 'Cookies' link has no destination. Rather than a dead link, it opens a short
 * explanation: PBShare sets no tracking or advertising cookies, so there is nothing to consent to.
 *
 * The footer is on every page, the dialog rarely opened: its code (Radix Dialog) loads when the
 * button is pointed at, focused or pressed, not with the page, which keeps it out of the landing
 * page's hydration.
 */
export function CookiesDialog({ triggerClassName }: { triggerClassName?: string }) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing plays out rather than cutting the dialog off.
  const [wanted, setWanted] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const preload = () => {
    void loadContent();
  };

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        className={triggerClassName}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        Cookies
      </button>
      {wanted ? (
        <Suspense>
          <CookiesDialogContent
            open={open}
            onOpenChange={setOpen}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              triggerRef.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
