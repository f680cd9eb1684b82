import { ListChecks } from 'lucide-react';
import { useRef } from 'react';

import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../../components/ui/dialog';

export interface NoSelectionDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Preview with nothing selected (SPEC.md sections 2 and 5). */
export function NoSelectionDialog({ open, onOpenChange }: NoSelectionDialogProps) {
  // Opened by the Preview button rather than a Dialog.Trigger: give focus back to it by hand.
  const returnFocusRef = useRef<HTMLElement | null>(null);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        hideCloseButton
        className="max-w-sm justify-items-center text-center"
        onOpenAutoFocus={() => {
          returnFocusRef.current =
            document.activeElement instanceof HTMLElement ? document.activeElement : null;
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusRef.current?.focus();
        }}
      >
        <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-primary-soft text-primary">
          <ListChecks className="size-7" aria-hidden="true" />
        </span>
        <DialogTitle className="text-xl">No PBs Selected</DialogTitle>
        <DialogDescription>Please select at least one Personal Best to preview.</DialogDescription>
        <DialogClose asChild>
          <Button className="mt-2 w-full">Back to Selection</Button>
        </DialogClose>
      </DialogContent>
    </Dialog>
  );
}
