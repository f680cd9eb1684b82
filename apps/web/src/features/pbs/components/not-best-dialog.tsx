import { QuestionDialog } from '@/components/ui/question-dialog';

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
    <QuestionDialog
      title="Not a new PB"
      question={question}
      confirmLabel="Save anyway"
      onAnswer={onAnswer}
    />
  );
}
