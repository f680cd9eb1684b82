import { DEMO_CHECKOUT_NOTICE } from '@pbshare/shared';
import { FlaskConical } from 'lucide-react';

import { cn } from '@/lib/cn';

/** Said plainly wherever the demo checkout is in play, so nobody thinks they paid. */
export function DemoNotice({ className }: { className?: string }) {
  return (
    <p
      role="note"
      className={cn(
        'mx-auto flex w-fit items-center gap-2 rounded-full border border-sky-300 bg-sky-50 px-3.5 py-1.5 text-sm font-semibold text-sky-900',
        className,
      )}
    >
      <FlaskConical className="size-4" aria-hidden="true" />
      {DEMO_CHECKOUT_NOTICE}
    </p>
  );
}
