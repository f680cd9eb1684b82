import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';

import { ProfileSkeleton } from '@/components/layout/profile-skeleton';
import { Spinner } from '@/components/ui/spinner';
import { returnToState } from './return-to';
import { useAuth } from './use-auth';

/**
 * The signed-in group of routes (docs/PRODUCT.md §2): a spinner (on /profile, its skeleton) while
 * auth loads, and without a session a redirect to /login that replaces the history entry and
 * carries the path asked for, where signing in returns.
 */
export function ProtectedRoute() {
  const { user, token, isLoading, userExits } = useAuth();
  const location = useLocation();
  // The user signed out (or deleted the account) while here: the sign-out is already taking them
  // to /, and a redirect to /login now would race it.
  const [exitsWhenMounted] = useState(userExits);
  const leaving = userExits !== exitsWhenMounted;

  if (isLoading) {
    // /profile, the usual first page, keeps the shape its document painted.
    if (location.pathname === '/profile') return <ProfileSkeleton />;
    return (
      <div className="flex flex-1 items-center justify-center py-24">
        <Spinner size="lg" label="Loading your account" />
      </div>
    );
  }
  if (token === null || user === null) {
    return leaving ? null : (
      <Navigate
        to="/login"
        replace
        state={returnToState(`${location.pathname}${location.search}`)}
      />
    );
  }
  return <Outlet />;
}
