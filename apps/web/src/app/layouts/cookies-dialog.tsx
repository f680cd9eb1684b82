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
  DialogTrigger,
} from '@/components/ui/dialog';

/*
 * The spec's footer 'Cookies' link has no destination. Rather than a dead link, it opens this short
 * explanation: PBShare sets no tracking or advertising cookies, so there is nothing to consent to.
 */
export function CookiesDialog({ triggerClassName }: { triggerClassName?: string }) {
  return (
    <Dialog>
      <DialogTrigger className={triggerClassName}>Cookies</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <span className="mb-2 inline-flex size-10 items-center justify-center rounded-xl bg-primary-soft text-primary">
            <Cookie className="size-5" aria-hidden="true" />
          </span>
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
