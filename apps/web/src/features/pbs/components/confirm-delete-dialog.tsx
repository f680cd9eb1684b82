import { Button } from '@/components/ui/button';
import { DialogClose } from '@/components/ui/dialog';
import { ModalDialog } from '@/components/ui/modal-dialog';

/**
 * Asks before a record goes, saying what heads the card afterwards. Confirming only starts the
 * delete: its toast offers Undo until the delete is sent.
 */
export function ConfirmDeleteDialog({
  open,
  onOpenChange,
  title,
  description,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  onConfirm: () => void;
}) {
  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      hideCloseButton
      className="max-w-md"
      title={title}
      description={description}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant="destructive" onClick={onConfirm}>
            Delete
          </Button>
        </>
      }
    />
  );
}
