import { FREE_TIER_PB_LIMIT } from '@pbshare/shared';
import { Sparkles } from 'lucide-react';
import { Link, useLocation } from 'react-router';

import { Button, buttonClasses } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { pricingFrom } from '@/features/pricing';

/**
 * The server refused a new exercise on a free account (402 FREE_LIMIT_REACHED): say why, offer Pro,
 * and remind that records of existing exercises are still welcome.
 */
export function FreeLimitDialog({
  open,
  onOpenChange,
  message,
  onContinue,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The server's explanation, if any. */
  message?: string;
  /** Opened before the form (from 'Add New'): going on to add a record to an existing exercise. */
  onContinue?: () => void;
}) {
  // After a purchase the buyer comes back to this page.
  const { pathname } = useLocation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <div className="flex size-12 items-center justify-center rounded-2xl bg-primary-soft text-primary">
          <Sparkles className="size-6" aria-hidden="true" />
        </div>
        <DialogHeader>
          <DialogTitle>You have reached the free limit</DialogTitle>
          <DialogDescription>
            {message ??
              `Free accounts can track up to ${FREE_TIER_PB_LIMIT} exercises. Upgrade to Pro for unlimited personal bests.`}
          </DialogDescription>
        </DialogHeader>
        <p className="text-sm text-muted-foreground">
          To log a new record for an exercise you already track, use its exact name, or open its
          card on your profile and choose &lsquo;Add New Personal Best&rsquo;.
        </p>
        <DialogFooter>
          {onContinue ? (
            <Button variant="outline" onClick={onContinue}>
              Add a record
            </Button>
          ) : (
            <DialogClose asChild>
              <Button variant="outline">Not now</Button>
            </DialogClose>
          )}
          <Link to={pricingFrom(pathname)} className={buttonClasses({ variant: 'primary' })}>
            <Sparkles aria-hidden="true" />
            Upgrade to Pro
          </Link>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
