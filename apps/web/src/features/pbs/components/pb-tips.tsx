import { Lightbulb } from 'lucide-react';

const TIPS = [
  'Take photos or videos in good lighting.',
  'For weights, show the plates on the bar.',
  'For running, swimming and cycling, include your tracker.',
  'Share the story behind your achievement.',
] as const;

/** The add page's tips box (docs/PRODUCT.md §2). */
export function PbTips() {
  return (
    <aside
      aria-labelledby="pb-tips-title"
      className="mt-6 rounded-2xl border border-amber-200 bg-amber-50/70 p-4 sm:p-5"
    >
      <h2
        id="pb-tips-title"
        className="flex items-center gap-2 text-sm font-semibold text-amber-950"
      >
        <Lightbulb className="size-4 text-amber-600" aria-hidden="true" />
        Tips for Capturing Great PB Moments
      </h2>
      <ul className="mt-3 grid gap-1.5 text-sm text-amber-950/85 sm:grid-cols-2 sm:gap-x-6">
        {TIPS.map((tip) => (
          <li key={tip} className="flex gap-2">
            <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-amber-500" />
            {tip}
          </li>
        ))}
      </ul>
    </aside>
  );
}
