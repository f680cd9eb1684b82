import { LoaderCircle, Share2 } from 'lucide-react';
import { useId } from 'react';

import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useSharePb, type ShareablePb } from '../use-share-pb';

export interface SharePbButtonProps {
  pb: ShareablePb & { isVisible: boolean };
  /** `compact`: an icon alone on phones, the words from the small breakpoint up. */
  look?: 'full' | 'compact';
  className?: string;
}

/**
 * 'Share this PB': the PB's public link and story image, through the device's share sheet where
 * there is one, else copied and downloaded (use-share-pb.ts). A hidden PB has no public link, so
 * its button is disabled and says why.
 */
export function SharePbButton({ pb, look = 'full', className }: SharePbButtonProps) {
  const { share, prepare, busy } = useSharePb(pb);
  const reasonId = useId();
  const hidden = !pb.isVisible;
  const compact = look === 'compact';

  return (
    <div className={cn('flex flex-wrap items-center gap-x-3 gap-y-1', className)}>
      <Button
        variant="outline"
        size="sm"
        aria-label={`Share this PB: ${pb.title}`}
        aria-describedby={hidden ? reasonId : undefined}
        aria-busy={busy || undefined}
        disabled={hidden}
        title={compact ? 'Share this PB' : undefined}
        onPointerEnter={prepare}
        onPointerDown={prepare}
        onFocus={prepare}
        onClick={() => {
          // Not disabled while busy: that would take focus away while the share sheet is open.
          if (!busy) void share();
        }}
        className={cn(compact && 'max-sm:size-9 max-sm:rounded-full max-sm:px-0')}
      >
        {busy ? (
          <LoaderCircle className="animate-spin" aria-hidden="true" />
        ) : (
          <Share2 aria-hidden="true" />
        )}
        <span className={cn(compact && 'max-sm:sr-only')}>Share this PB</span>
      </Button>
      {hidden ? (
        <p id={reasonId} className="text-xs text-muted-foreground">
          Hidden PBs have no public link.
        </p>
      ) : null}
    </div>
  );
}
