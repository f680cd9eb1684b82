import { useState } from 'react';

/**
 * The open state of a dialog that holds a form: it cannot be closed while its call is pending, and
 * `onClosed` (resetting the form and the call) runs whenever it closes, so it opens empty again.
 */
export function useFormDialog(pending: boolean, onClosed: () => void) {
  const [open, setOpen] = useState(false);
  const close = () => {
    setOpen(false);
    onClosed();
  };
  return {
    open,
    onOpenChange: (next: boolean) => {
      if (pending) return;
      if (next) setOpen(true);
      else close();
    },
    /** Closes it after the call succeeded. */
    close,
  };
}
