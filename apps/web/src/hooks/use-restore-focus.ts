import { useMemo, useRef } from 'react';

/**
 * Radix gives focus back only to a Dialog.Trigger. A dialog opened by some other button calls
 * `remember` from onOpenAutoFocus and passes `restore` as onCloseAutoFocus to return it there.
 */
export function useRestoreFocus() {
  const returnFocusRef = useRef<HTMLElement | null>(null);
  return useMemo(
    () => ({
      remember: () => {
        returnFocusRef.current =
          document.activeElement instanceof HTMLElement ? document.activeElement : null;
      },
      restore: (event: Event) => {
        event.preventDefault();
        returnFocusRef.current?.focus();
      },
    }),
    [],
  );
}
