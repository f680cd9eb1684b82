import type { User } from '@pbshare/shared';
import { LogOut } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useSignOut } from '@/features/auth';
import { AccountPlan } from '@/features/pricing';
import { DeleteAccountDialog } from './delete-account-dialog';
import { YourDataSection } from './your-data-section';

export function AccountTab({ user }: { user: User }) {
  const { signOut, pending } = useSignOut();

  return (
    <div className="grid gap-8">
      <section aria-label="Account" className="grid gap-5">
        <Field label="Email" hint="Your email address cannot be changed">
          {(control) => (
            <Input {...control} type="email" value={user.email} readOnly className="bg-muted" />
          )}
        </Field>
        <p className="text-sm text-muted-foreground">
          {/* Account deletion is self-service below, so only the e-mail needs support. */}
          To change your email, please contact support.
        </p>
        <Button
          variant="outline"
          className="w-full sm:w-auto sm:justify-self-start"
          disabled={pending}
          onClick={() => {
            void signOut();
          }}
        >
          <LogOut aria-hidden="true" />
          {pending ? 'Signing out...' : 'Sign Out'}
        </Button>
      </section>

      <AccountPlan />

      <YourDataSection user={user} />

      <section
        aria-labelledby="delete-account-title"
        className="grid gap-3 rounded-2xl border border-destructive/25 bg-destructive-soft/60 p-5"
      >
        <h2 id="delete-account-title" className="font-semibold text-destructive-hover">
          Delete account
        </h2>
        <p className="text-sm leading-relaxed text-foreground/80">
          Deleting your account removes your profile, your personal bests and their photos and
          videos for good. Your public page stops working at once. This cannot be undone.
        </p>
        <DeleteAccountDialog user={user} />
      </section>
    </div>
  );
}
