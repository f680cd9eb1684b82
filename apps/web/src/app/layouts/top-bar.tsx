import { LAYOUT, PRODUCT_NAME, type User } from '@pbshare/shared';
import { Menu, Sparkles, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';

import { useAuth } from '@/features/auth';
import { useScrolledPast } from '@/hooks/use-scrolled-past';
import { cn } from '@/lib/cn';
import { Avatar } from '@/components/ui/avatar';
import { Button, buttonClasses } from '@/components/ui/button';
import { Logo } from '@/components/layout/logo';

interface NavEntry {
  to: string;
  label: string;
  /** Shown as the filled call-to-action rather than a plain link. */
  primary?: boolean;
}

/** What a visitor sees. */
const visitorDesktopEntries: NavEntry[] = [
  { to: '/pricing', label: 'Pricing' },
  { to: '/login', label: 'Login' },
  { to: '/signup', label: 'Sign Up', primary: true },
];
const visitorMobileEntries: NavEntry[] = [
  { to: '/login', label: 'Login' },
  { to: '/signup', label: 'Sign Up', primary: true },
  { to: '/pricing', label: 'Pricing' },
];
const upgradeEntry: NavEntry = { to: '/pricing', label: 'Upgrade to Pro', primary: true };

/** Signed in: 'Upgrade to Pro' for free-tier users (the avatar is drawn apart). */
function signedInDesktopEntries(user: User): NavEntry[] {
  return user.subscription_tier === 'free' ? [upgradeEntry] : [];
}
function signedInMobileEntries(user: User): NavEntry[] {
  return [
    ...(user.subscription_tier === 'free' ? [upgradeEntry] : []),
    { to: '/profile', label: 'Your profile' },
    { to: '/profile/settings', label: 'Profile settings' },
  ];
}

/**
 * Loaded only once someone is signed in: its session client would otherwise ride along in the
 * landing page's lean script, which visitors get.
 */
const SignOutButton = lazy(() => import('./sign-out-button'));

export function TopBar() {
  const { user, isLoading } = useAuth();
  const homeHref = user ? '/profile' : '/';
  const desktopEntries = user ? signedInDesktopEntries(user) : visitorDesktopEntries;
  const mobileEntries = user ? signedInMobileEntries(user) : visitorMobileEntries;
  const glass = useScrolledPast(LAYOUT.navGlassScrollPx);
  const [menuOpen, setMenuOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!menuOpen) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        menuButtonRef.current?.focus();
      }
    }
    function onPointerDown(event: PointerEvent) {
      if (!headerRef.current?.contains(event.target as Node)) setMenuOpen(false);
    }
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [menuOpen]);

  const closeMenu = () => {
    setMenuOpen(false);
  };
  const solid = glass || menuOpen;

  return (
    <header
      ref={headerRef}
      data-glass={solid ? 'true' : 'false'}
      className={cn(
        'sticky top-0 z-40 border-b transition-[background-color,border-color,box-shadow,backdrop-filter] duration-300 motion-reduce:transition-none',
        solid
          ? 'border-border/70 bg-background/75 shadow-[0_4px_24px_-12px_rgb(11_13_18/0.18)] backdrop-blur-xl backdrop-saturate-150'
          : 'border-transparent bg-transparent',
      )}
    >
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link
          to={homeHref}
          className="-m-1 rounded-lg p-1"
          aria-label={`${PRODUCT_NAME} home`}
          onClick={closeMenu}
        >
          <Logo />
        </Link>

        <div className="flex items-center gap-2">
          {isLoading ? (
            // The stored session is being checked: neither the visitor links nor the avatar yet.
            <span
              aria-hidden="true"
              className="size-9 animate-pulse rounded-full bg-secondary motion-reduce:animate-none"
            />
          ) : null}
          <nav aria-label="Main" className={cn('hidden md:block', isLoading && 'md:hidden')}>
            <ul className="flex items-center gap-1">
              {desktopEntries.map((entry) => (
                <li key={entry.to}>
                  <NavLink
                    to={entry.to}
                    className={({ isActive }) =>
                      buttonClasses({
                        variant: entry.primary ? 'primary' : 'ghost',
                        size: 'sm',
                        className: cn(
                          entry.primary && 'ml-2 px-4',
                          isActive && !entry.primary && 'bg-secondary',
                        ),
                      })
                    }
                  >
                    {entry.primary && user ? <Sparkles aria-hidden="true" /> : null}
                    {entry.label}
                  </NavLink>
                </li>
              ))}
              {user ? (
                <li>
                  <Suspense fallback={null}>
                    <SignOutButton size="sm" />
                  </Suspense>
                </li>
              ) : null}
            </ul>
          </nav>

          {user ? (
            <Link
              to="/profile"
              aria-label="Your profile"
              title={user.displayName}
              onClick={closeMenu}
              className="inline-flex rounded-full ring-offset-2 ring-offset-background transition-shadow hover:ring-2 hover:ring-primary/30 md:ml-2"
            >
              <Avatar src={user.profileImage} name={user.displayName} size="sm" />
            </Link>
          ) : null}

          <Button
            ref={menuButtonRef}
            variant="ghost"
            size="icon"
            className={cn('-mr-2 md:hidden [&_svg]:size-5', isLoading && 'hidden')}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => {
              setMenuOpen((open) => !open);
            }}
          >
            {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </Button>
        </div>
      </div>

      <nav
        id={menuId}
        aria-label="Main"
        hidden={!menuOpen}
        // Overlays the page instead of pushing it down, like a native app menu.
        className="absolute inset-x-0 top-full border-b border-border/70 bg-background px-4 pt-3 pb-5 shadow-float md:hidden"
      >
        <ul className="flex flex-col gap-2">
          {mobileEntries.map((entry) => (
            <li key={entry.to}>
              <Link
                to={entry.to}
                onClick={closeMenu}
                className={buttonClasses({
                  variant: entry.primary ? 'primary' : 'secondary',
                  size: 'lg',
                  className: 'w-full',
                })}
              >
                {entry.label}
              </Link>
            </li>
          ))}
          {user ? (
            <li>
              <Suspense fallback={null}>
                <SignOutButton size="lg" className="w-full" />
              </Suspense>
            </li>
          ) : null}
        </ul>
      </nav>
    </header>
  );
}
