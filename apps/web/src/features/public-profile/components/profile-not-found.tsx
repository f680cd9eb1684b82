import { UserX } from 'lucide-react';
import { Link } from 'react-router';

import { Logo } from '@/components/layout/logo';
import { MessageScreen } from '@/components/layout/message-screen';
import { IconBadge } from '@/components/ui/icon-badge';

/** /{username} for nobody (docs/PRODUCT.md §2). */
export function ProfileNotFound() {
  return (
    <>
      <header className="px-5 py-4">
        <Link to="/" aria-label="PBShare home" className="inline-flex rounded-lg">
          <Logo />
        </Link>
      </header>
      <MessageScreen
        titleId="profile-not-found-title"
        className="max-w-md"
        mark={<IconBadge icon={UserX} size="xl" className="mb-6" />}
        title="Profile Not Found"
        description="The profile you're looking for doesn't exist or is not available."
        homeLabel="Go Home"
      />
    </>
  );
}
