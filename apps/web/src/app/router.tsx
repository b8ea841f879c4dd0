import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RequireSession } from './layout/require-session';
import { RouteError } from './route-error';
import { StartLoader } from './start-loader';

/** Screens are split into their own chunks (DESIGN section 6: initial JS under 250 kB gzip). */
const screen =
  <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  async () => ({ Component: (await load())[name] });

/** The route table of SPEC section 2. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    // Shown while the first screen's chunk loads.
    hydrateFallbackElement: <StartLoader />,
    children: [
      {
        path: '/login',
        lazy: screen(() => import('../features/auth/components/login-screen'), 'LoginScreen'),
      },
      {
        path: '/reset_password/:token',
        lazy: screen(() => import('../features/auth/components/login-screen'), 'LoginScreen'),
      },
      {
        path: '/confirm_email/:token',
        lazy: screen(() => import('../features/auth/components/confirm-email-screen'), 'ConfirmEmailScreen'),
      },
      {
        path: '/oauth/:provider/callback',
        lazy: screen(
          () => import('../features/auth/components/oauth-callback-screen'),
          'OAuthCallbackScreen',
        ),
      },
      {
        path: '/logout',
        lazy: screen(() => import('../features/auth/components/logout-screen'), 'LogoutScreen'),
      },
      {
        path: '/',
        element: <RequireSession />,
        children: [
          { index: true, element: <Navigate to="/jobs" replace /> },
          {
            path: 'jobs',
            lazy: screen(() => import('../features/job-offers/job-offers-screen'), 'JobOffersScreen'),
          },
          {
            path: 'jobs/:jobId',
            lazy: screen(() => import('../features/pipeline/job-offer-screen'), 'JobOfferScreen'),
          },
          {
            path: 'jobs/:jobId/copy',
            lazy: screen(() => import('../features/job-offer-copy/components/copy-screen'), 'CopyScreen'),
          },
          {
            path: 'jobs/:jobId/export',
            lazy: screen(
              () => import('../features/job-offer-export/components/export-screen'),
              'ExportScreen',
            ),
          },
          {
            path: 'candidates',
            lazy: screen(() => import('../features/candidates/candidates-screen'), 'CandidatesScreen'),
          },
          { path: 'users', lazy: screen(() => import('../features/users/users-screen'), 'UsersScreen') },
          {
            path: 'settings',
            lazy: screen(() => import('../features/settings/settings-screen'), 'SettingsScreen'),
          },
          { path: '*', lazy: screen(() => import('./not-found-screen'), 'NotFoundScreen') },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
