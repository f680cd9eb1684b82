import { FREE_LIMIT_TEXT, pricingFrom } from '@pbshare/shared';
import { Sparkles } from 'lucide-react';
import { Link, useLocation } from 'react-router';

import { Button, buttonClasses } from '@/components/ui/button';
import { DialogClose } from '@/components/ui/dialog';
import { IconBadge } from '@/components/ui/icon-badge';
import { ModalDialog } from '@/components/ui/modal-dialog';

/**
 * The server refused a new exercise on a free account (402 FREE_LIMIT_REACHED): say why, offer Pro,
 * and remind that records of existing exercises are still welcome.
 */
export function FreeLimitDialog({
  open,
  onOpenChange,
  onContinue,
  onUpgrade,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opened before the form (from 'Add New'): going on to add a record to an existing exercise. */
  onContinue?: () => void;
  /** Runs as the user leaves for the pricing page: the form keeps its draft here. */
  onUpgrade?: () => void;
}) {
  // After a purchase the buyer comes back to this page.
  const { pathname } = useLocation();
  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      className="max-w-md"
      icon={<IconBadge icon={Sparkles} className="mb-2.5" />}
      title="You have reached the free limit"
      // The same words whether the form or the server found the limit (402 FREE_LIMIT_REACHED).
      description={`Free accounts can track ${FREE_LIMIT_TEXT}. Upgrade to Pro for unlimited exercises.`}
      footer={
        <>
          {onContinue ? (
            <Button variant="outline" onClick={onContinue}>
              Add a record
            </Button>
          ) : (
            <DialogClose asChild>
              <Button variant="outline">Not now</Button>
            </DialogClose>
          )}
          <Link
            to={pricingFrom(pathname)}
            onClick={onUpgrade}
            className={buttonClasses({ variant: 'primary' })}
          >
            <Sparkles aria-hidden="true" />
            Upgrade to Pro
          </Link>
        </>
      }
    >
      <p className="text-sm text-muted-foreground">
        To log a new record for an exercise you already track, use its exact name, or open its card
        on your profile and choose &lsquo;Add New Personal Best&rsquo;.
      </p>
    </ModalDialog>
  );
}
