import { Settings } from 'lucide-react';
import { Link } from 'react-router';

import { Avatar } from '../../components/ui/avatar';
import { buttonClasses } from '../../components/ui/button';
import { ComingSoonPage } from '../coming-soon/coming-soon-page';
import { useAuth } from '../auth/use-auth';

/**
 * /profile until the PB work builds it: still the placeholder, but it greets the signed-in user
 * and leads to the settings.
 */
export function ProfilePage() {
  const { user } = useAuth();
  const name = user && user.displayName.length > 0 ? user.displayName : 'User';

  return (
    <ComingSoonPage page="Your profile">
      <div className="mt-8 flex w-full items-center gap-4 rounded-2xl border border-border bg-background p-4 text-left shadow-card">
        <Avatar src={user?.profileImage} name={name} />
        <div className="min-w-0 flex-1">
          <p className="text-sm text-muted-foreground">Signed in as</p>
          <p className="truncate font-semibold" data-testid="profile-display-name">
            {name}
          </p>
        </div>
        <Link
          to="/profile/settings"
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
        >
          <Settings aria-hidden="true" />
          Settings
        </Link>
      </div>
    </ComingSoonPage>
  );
}
