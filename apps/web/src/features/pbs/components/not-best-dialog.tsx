import { Button } from '@/components/ui/button';
import { ModalDialog } from '@/components/ui/modal-dialog';

/**
 * Asks before a new record that does not beat its exercise's best is saved (docs/PRODUCT.md §3,
 * Comparison): it would become the current PB all the same. Cancel, Escape or a click outside
 * go back to the form with nothing saved.
 */
export function NotBestDialog({
  question,
  onAnswer,
}: {
  /** The question ('100 kg is below your best, …. Save it anyway?'); no dialog when null. */
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
