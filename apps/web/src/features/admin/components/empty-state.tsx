import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';

import { IconBadge } from '@/components/ui/icon-badge';

/** A tab with nothing in it: a calm mark and a sentence. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-3xl border border-dashed border-border px-6 py-14 text-center">
      <IconBadge icon={ShieldCheck} />
      <p className="text-sm text-muted-foreground">{children}</p>
    </div>
  );
}
