import { createBrowserRouter, type RouteObject } from 'react-router';

import { HydrateFallback } from './layouts/hydrate-fallback';
import { RootLayout } from './layouts/root-layout';
import { RouteErrorBoundary } from './route-error-boundary';

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
        lazy: async () => ({
          Component: (await import('./layouts/site-layout')).SiteLayout,
        }),
        children: [
          {
            // Page errors render inside the site layout, so the top bar stays usable.
            ErrorBoundary: RouteErrorBoundary,
            children: [
              {
                index: true,
                lazy: async () => ({
                  Component: (await import('@/features/landing/landing-page')).LandingPage,
                }),
              },
              {
                path: 'pricing',
                lazy: async () => ({
                  Component: (await import('@/features/pricing/pricing-page')).PricingPage,
                }),
              },
              {
                path: 'terms',
                lazy: async () => ({
                  Component: (await import('@/features/legal/terms-page')).TermsPage,
                }),
              },
              {
                path: 'privacy',
                lazy: async () => ({
                  Component: (await import('@/features/legal/privacy-page')).PrivacyPage,
                }),
              },
              {
                path: 'login',
                lazy: async () => ({
                  Component: (await import('@/features/auth/login-page')).LoginPage,
                }),
              },
              {
                path: 'signup',
                lazy: async () => ({
                  Component: (await import('@/features/auth/signup-page')).SignupPage,
                }),
              },
              {
                path: 'verify',
                lazy: async () => ({
                  Component: (await import('@/features/auth/verify-page')).VerifyPage,
                }),
              },
              {
                path: 'forgot-password',
                lazy: async () => ({
                  Component: (await import('@/features/auth/forgot-password-page'))
                    .ForgotPasswordPage,
                }),
              },
              {
                path: 'reset-password',
                lazy: async () => ({
                  Component: (await import('@/features/auth/reset-password-page'))
                    .ResetPasswordPage,
                }),
              },
              {
                // Signed-in pages: a spinner while auth loads, /login (replacing history) without
                // a session.
                id: 'signed-in',
                lazy: async () => ({
                  Component: (await import('@/features/auth/protected-route')).ProtectedRoute,
                }),
                children: [
                  {
                    path: 'profile',
                    lazy: async () => ({
                      Component: (await import('@/features/profile/profile-page')).ProfilePage,
                    }),
                  },
                  {
                    path: 'profile/settings',
                    lazy: async () => ({
                      Component: (await import('@/features/settings/settings-page')).SettingsPage,
                    }),
                  },
                  {
                    path: 'add-pb',
                    lazy: async () => ({
                      Component: (await import('@/features/pbs/add-pb-page')).AddPbPage,
                    }),
                  },
                  {
                    path: 'edit-pb/:id',
                    lazy: async () => ({
                      Component: (await import('@/features/pbs/edit-pb-page')).EditPbPage,
                    }),
                  },
                  {
                    path: 'share-profile',
                    lazy: async () => ({
                      Component: (await import('@/features/share/share-profile-page'))
                        .ShareProfilePage,
                    }),
                  },
                ],
              },
              {
                path: '*',
                lazy: async () => ({
                  Component: (await import('@/features/not-found/not-found-page')).NotFoundPage,
                }),
              },
            ],
          },
        ],
      },
      {
        // The public profile: a full-screen story, outside the site layout (no top bar). Static
        // paths always win over this one (React Router ranks them higher). Its chunk imports
        // nothing of the signed-in app, and the root above it holds only the query client.
        path: ':username',
        ErrorBoundary: RouteErrorBoundary,
        lazy: async () => ({
          Component: (await import('@/features/public-profile/public-profile-page'))
            .PublicProfilePage,
        }),
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
