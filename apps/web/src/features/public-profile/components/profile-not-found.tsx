import { MODERATION_MESSAGES, PUBLIC_PROFILE_MESSAGES } from '@pbshare/shared';
import { ArrowLeft, UserX } from 'lucide-react';

import { Logo } from '@/components/layout/logo';
import { MessageScreen } from '@/components/layout/message-screen';
import { Button } from '@/components/ui/button';
import { IconBadge } from '@/components/ui/icon-badge';

export const PROFILE_UNAVAILABLE_TITLE = 'Profile Not Available';

/**
 * /{username} for nobody (docs/PRODUCT.md §2), or for an account moderation has suspended (§16),
 * which says so rather than pretending the name is free. Its links are plain anchors: the served
 * page runs without the app's router (entries/public.tsx).
 */
export function ProfileNotFound({ unavailable = false }: { unavailable?: boolean }) {
  return (
    <>
      <header className="px-5 py-4">
        <a href="/" aria-label="PBShare home" className="inline-flex rounded-lg">
          <Logo />
        </a>
      </header>
      <MessageScreen
        titleId="profile-not-found-title"
        className="max-w-md"
        mark={<IconBadge icon={UserX} size="xl" className="mb-6" />}
        title={unavailable ? PROFILE_UNAVAILABLE_TITLE : 'Profile Not Found'}
        description={
          unavailable ? MODERATION_MESSAGES.profileUnavailable : PUBLIC_PROFILE_MESSAGES.notFound
        }
        actions={
          <Button asChild size="lg">
            <a href="/">
              <ArrowLeft aria-hidden="true" />
              Go Home
            </a>
          </Button>
        }
      />
    </>
  );
}
