import { ListChecks } from 'lucide-react';

import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '@/components/ui/dialog';
import { IconBadge } from '@/components/ui/icon-badge';
import { useRestoreFocus } from '@/hooks/use-restore-focus';

export interface NoSelectionDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Preview with nothing selected (docs/PRODUCT.md §2 and §5). */
export function NoSelectionDialog({ open, onOpenChange }: NoSelectionDialogProps) {
  // Opened by the Preview button rather than a Dialog.Trigger.
  const returnFocus = useRestoreFocus();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        hideCloseButton
        className="max-w-sm justify-items-center text-center"
        onOpenAutoFocus={returnFocus.remember}
        onCloseAutoFocus={returnFocus.restore}
      >
        <IconBadge icon={ListChecks} size="lg" />
        <DialogTitle className="text-xl">No PBs Selected</DialogTitle>
        <DialogDescription>Please select at least one Personal Best to preview.</DialogDescription>
        <DialogClose asChild>
          <Button className="mt-2 w-full">Back to Selection</Button>
        </DialogClose>
      </DialogContent>
    </Dialog>
  );
}
