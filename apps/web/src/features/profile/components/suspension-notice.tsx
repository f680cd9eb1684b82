import type { User } from '@pbshare/shared';
import { UserX } from 'lucide-react';

import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { TextLink } from '@/components/ui/text-link';

/**
 * What a suspended owner sees on /profile: why, what it means, and the way to the decision and
 * the appeal (Settings → Moderation). Nothing for an account in good standing.
 */
export function SuspensionNotice({ user, className }: { user: User; className?: string }) {
  const suspension = user.suspension ?? null;
  if (!suspension) return null;
  return (
    <Alert variant="destructive" role="status" className={className}>
      <UserX aria-hidden="true" />
      <AlertTitle className="break-words">
        Your profile is suspended: {suspension.reason}
      </AlertTitle>
      <AlertDescription className="text-foreground">
        <p>
          Your public page is not available to anyone. You can still sign in, download your data and
          appeal.
        </p>
        <p className="mt-1">
          <TextLink
            to="/profile/settings?tab=moderation"
            className="text-destructive-hover underline"
          >
            See the decision and appeal
          </TextLink>
        </p>
      </AlertDescription>
    </Alert>
  );
}
