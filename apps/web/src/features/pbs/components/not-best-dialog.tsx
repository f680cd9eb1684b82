import { Button } from '@/components/ui/button';
import { ModalDialog } from '@/components/ui/modal-dialog';

/**
 * Asks before a new record that does not beat its exercise's best is saved (docs/PRODUCT.md §3,
 * Comparison), saying what saving does: the best stays the headline, the new record goes to the
 * history. Cancel, Escape or a click outside go back to the form with nothing saved.
 */
export function NotBestDialog({
  question,
  onAnswer,
}: {
  /** What it says ('100 kg is below your best, …. Your best stays 140 kg; …'); none when null. */
  question: string | null;
  onAnswer: (saveAnyway: boolean) => void;
}) {
  return (
    <ModalDialog
      open={question !== null}
      onOpenChange={(open) => {
        if (!open) onAnswer(false);
      }}
      hideCloseButton
      className="max-w-md"
      title="Not a new PB"
      description={question ?? ''}
      footer={
        <>
          <Button
            variant="outline"
            onClick={() => {
              onAnswer(false);
            }}
          >
            Cancel
          </Button>
          <Button
            onClick={() => {
              onAnswer(true);
            }}
          >
            Save anyway
          </Button>
        </>
      }
    />
  );
}
