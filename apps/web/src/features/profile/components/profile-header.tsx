import { personalBestCount, type User } from '@pbshare/shared';
import { Link2, Pencil, Settings, Share2, Sparkles } from 'lucide-react';
import { Link } from 'react-router';

import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { Decoration } from '@/components/ui/decoration';
import { profileLink } from '@/features/share';

/**
 * The top of /profile (docs/PRODUCT.md §2): greeting, avatar, username, bio, the PB count, the
 * public link and the ways to share and to change the profile.
 */
export function ProfileHeader({ user, pbCount }: { user: User; pbCount: number | undefined }) {
  const name = user.displayName.length > 0 ? user.displayName : 'User';
  const link = profileLink(user.displayName);

  return (
    <section
      aria-label="Your profile"
      className="relative overflow-hidden rounded-3xl border border-border bg-background p-5 shadow-card sm:p-8"
    >
      <Decoration className="inset-x-0 top-0 -z-0 h-28 bg-[radial-gradient(40rem_10rem_at_20%_0%,rgb(255_106_43/0.14),transparent_70%)]" />
      <div className="relative flex items-center gap-4 sm:gap-6">
        <div className="relative shrink-0">
          <Avatar
            src={user.profileImage}
            name={name}
            size="lg"
            className="size-16 text-2xl ring-4 ring-background sm:size-24 sm:text-3xl"
          />
          <Link
            to="/profile/settings"
            aria-label="Edit profile"
            className="absolute -right-1.5 -bottom-1.5 inline-flex size-8 items-center justify-center rounded-full border border-border bg-background text-foreground shadow-sm transition-colors hover:bg-muted sm:size-9"
          >
            <Pencil className="size-3.5 sm:size-4" aria-hidden="true" />
          </Link>
        </div>
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-bold tracking-tight sm:text-3xl">
            Hi, <span data-testid="profile-display-name">{name}</span>
          </h1>
          <p className="mt-0.5 flex min-w-0 items-center gap-2 text-sm font-medium text-muted-foreground">
            <span className="truncate">@{user.displayName}</span>
            {user.subscription_tier === 'unlimited' ? (
              <Badge variant="brand" data-testid="pro-badge">
                <Sparkles aria-hidden="true" />
                Pro
              </Badge>
            ) : null}
          </p>
        </div>
      </div>

      <div className="relative mt-4 sm:mt-2 sm:pl-30">
        {user.bio ? (
          <p className="max-w-prose text-[0.9375rem] leading-relaxed whitespace-pre-line text-foreground/90">
            {user.bio}
          </p>
        ) : null}

        <div className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm">
          <p className="font-semibold" data-testid="pb-count">
            {pbCount === undefined ? '\u00a0' : personalBestCount(pbCount)}
          </p>
          {link ? (
            <a
              href={link.url}
              className="inline-flex min-w-0 items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline"
            >
              <Link2 className="size-4 shrink-0" aria-hidden="true" />
              <span className="truncate">{link.display}</span>
            </a>
          ) : null}
        </div>

        <div className="mt-5 flex flex-wrap gap-2">
          <Link to="/share-profile" className={buttonClasses({ variant: 'primary', size: 'sm' })}>
            <Share2 aria-hidden="true" />
            Share Profile
          </Link>
          <Link
            to="/profile/settings"
            className={buttonClasses({ variant: 'outline', size: 'sm' })}
          >
            <Settings aria-hidden="true" />
            Settings
          </Link>
        </div>
      </div>
    </section>
  );
}
