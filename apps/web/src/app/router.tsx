import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';

import { HydrateFallback } from './layouts/hydrate-fallback';
import { RootLayout } from './layouts/root-layout';
import { RouteErrorBoundary } from './route-error-boundary';

/** A route's `lazy`: its component is the module's export `name`, a chunk fetched on first visit. */
function lazyComponent<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
): RouteObject['lazy'] {
  return async () => ({ Component: (await load())[name] });
}

/** A page at `path`, loaded lazily. */
function page<K extends string, M extends Record<K, ComponentType>>(
  path: string,
  load: () => Promise<M>,
  name: K,
): RouteObject {
  return { path, lazy: lazyComponent(load, name) };
}

/** Every route of docs/PRODUCT.md §2. Each page is its own chunk, fetched on first visit. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback,
    // Last resort, for errors in the layouts themselves.
    ErrorBoundary: RouteErrorBoundary,
    children: [
      {
        // Lazy like the pages: the layout brings the session, the top bar and toasts, none of
        // which the public profile below needs. React Router loads it in parallel with the page.
        lazy: lazyComponent(() => import('./layouts/site-layout'), 'SiteLayout'),
        children: [
          {
            // Page errors render inside the site layout, so the top bar stays usable.
            ErrorBoundary: RouteErrorBoundary,
            children: [
              {
                index: true,
                lazy: lazyComponent(() => import('@/features/landing/landing-page'), 'LandingPage'),
              },
              page('pricing', () => import('@/features/pricing/pricing-page'), 'PricingPage'),
              page('terms', () => import('@/features/legal/terms-page'), 'TermsPage'),
              page('privacy', () => import('@/features/legal/privacy-page'), 'PrivacyPage'),
              page('login', () => import('@/features/auth/login-page'), 'LoginPage'),
              page('signup', () => import('@/features/auth/signup-page'), 'SignupPage'),
              page('verify', () => import('@/features/auth/verify-page'), 'VerifyPage'),
              page(
                'forgot-password',
                () => import('@/features/auth/forgot-password-page'),
                'ForgotPasswordPage',
              ),
              page(
                'reset-password',
                () => import('@/features/auth/reset-password-page'),
                'ResetPasswordPage',
              ),
              {
                // Signed-in pages: a spinner while auth loads, /login (replacing history) without
                // a session.
                id: 'signed-in',
                lazy: lazyComponent(
                  () => import('@/features/auth/protected-route'),
                  'ProtectedRoute',
                ),
                children: [
                  page('profile', () => import('@/features/profile/profile-page'), 'ProfilePage'),
                  page(
                    'profile/settings',
                    () => import('@/features/settings/settings-page'),
                    'SettingsPage',
                  ),
                  page('add-pb', () => import('@/features/pbs/add-pb-page'), 'AddPbPage'),
                  page('edit-pb/:id', () => import('@/features/pbs/edit-pb-page'), 'EditPbPage'),
                  page(
                    'share-profile',
                    () => import('@/features/share/share-profile-page'),
                    'ShareProfilePage',
                  ),
                  page('admin', () => import('@/features/admin/admin-page'), 'AdminPage'),
                ],
              },
              page('*', () => import('@/features/not-found/not-found-page'), 'NotFoundPage'),
            ],
          },
        ],
      },
      {
        // The public profile: a full-screen story, outside the site layout (no top bar). Static
        // paths always win over this one (React Router ranks them higher). Its chunk imports
        // nothing of the signed-in app, and the root above it holds only the query client.
        // /{username}/{pbId} is one PB's link: the same page, its story opened at that PB.
        ...page(
          ':username/:pbId?',
          () => import('@/features/public-profile/public-profile-page'),
          'PublicProfilePage',
        ),
        ErrorBoundary: RouteErrorBoundary,
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
