import { Button } from './button';
import { ModalDialog } from './modal-dialog';

export interface QuestionDialogProps {
  title: string;
  /** What is asked; the dialog is open while there is a question, and closed when null. */
  question: string | null;
  /** The button that says yes ('Save anyway', 'Change link'). */
  confirmLabel: string;
  /** True for yes; false for Cancel, Escape or a click outside. */
  onAnswer: (confirmed: boolean) => void;
}

/** A yes-or-cancel question asked before something is done; cancelling does nothing. */
export function QuestionDialog({ title, question, confirmLabel, onAnswer }: QuestionDialogProps) {
  return (
    <ModalDialog
      open={question !== null}
      onOpenChange={(open) => {
        if (!open) onAnswer(false);
      }}
      hideCloseButton
      className="max-w-md"
      title={title}
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
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}
