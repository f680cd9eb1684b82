import { Cookie } from 'lucide-react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { IconBadge } from '@/components/ui/icon-badge';

export interface CookiesDialogContentProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back on close: the footer's button, which is not a Radix trigger. */
  onCloseAutoFocus: (event: Event) => void;
}

/** The dialog of CookiesDialog, a chunk of its own (see there). */
export function CookiesDialogContent({
  open,
  onOpenChange,
  onCloseAutoFocus,
}: CookiesDialogContentProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <IconBadge icon={Cookie} size="sm" className="mb-2" />
          <DialogTitle>Cookies</DialogTitle>
          <DialogDescription>
            PBShare uses no advertising or tracking cookies, so there is no banner to click away.
          </DialogDescription>
        </DialogHeader>
        <div className="space-y-3 text-sm leading-relaxed">
          <p>
            When you sign in we keep one strictly necessary cookie that renews your session, and
            your browser&apos;s local storage holds a short-lived sign-in token. Both exist only to
            keep you signed in and are removed when you sign out.
          </p>
          <p>
            The{' '}
            <DialogClose asChild>
              <Link to="/privacy" className="font-medium text-primary underline underline-offset-4">
                Privacy Policy
              </Link>
            </DialogClose>{' '}
            explains what we store and why.
          </p>
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button>Got it</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
