import { Cookie } from 'lucide-react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { DialogClose } from '@/components/ui/dialog';
import { IconBadge } from '@/components/ui/icon-badge';
import { ModalDialog } from '@/components/ui/modal-dialog';

/*
 * The spec's footer 'Cookies' link has no destination. Rather than a dead link, it opens this short
 * explanation: PBShare sets no tracking or advertising cookies, so there is nothing to consent to.
 */
export function CookiesDialog({ triggerClassName }: { triggerClassName?: string }) {
  return (
    <ModalDialog
      trigger={
        <button type="button" className={triggerClassName}>
          Cookies
        </button>
      }
      icon={<IconBadge icon={Cookie} size="sm" className="mb-2" />}
      title="Cookies"
      description="PBShare uses no advertising or tracking cookies, so there is no banner to click away."
      footer={
        <DialogClose asChild>
          <Button>Got it</Button>
        </DialogClose>
      }
    >
      <div className="space-y-3 text-sm leading-relaxed">
        <p>
          When you sign in we keep one strictly necessary cookie that renews your session, and your
          browser&apos;s local storage holds a short-lived sign-in token. Both exist only to keep
          you signed in and are removed when you sign out.
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
    </ModalDialog>
  );
}
