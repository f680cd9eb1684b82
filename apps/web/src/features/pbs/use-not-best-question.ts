import { useRef, useState } from 'react';

/**
 * The lower-record question (docs/PRODUCT.md §3) as a promise: `ask` shows it and resolves true
 * once the user chose 'Save anyway', false on any other answer.
 */
export function useNotBestQuestion() {
  const [question, setQuestion] = useState<string | null>(null);
  const answer = useRef<((saveAnyway: boolean) => void) | null>(null);

  return {
    /** The question while it is asked, else null. */
    question,
    ask: (text: string) =>
      new Promise<boolean>((resolve) => {
        answer.current = resolve;
        setQuestion(text);
      }),
    reply: (saveAnyway: boolean) => {
      answer.current?.(saveAnyway);
      answer.current = null;
      setQuestion(null);
    },
  };
}
