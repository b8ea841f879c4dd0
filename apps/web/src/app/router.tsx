import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RequireSession } from './layout/require-session';
import { RouteError } from './route-error';
import { StartLoader } from './start-loader';

/**
 * A route showing one screen, split into its own chunk (DESIGN section 6: initial JS under 250 kB gzip). The
 * `import()` stays written at each route so the bundler sees every chunk.
 */
const screen = <K extends string>(
  path: string,
  load: () => Promise<Record<K, React.ComponentType>>,
  name: K,
): RouteObject => ({ path, lazy: async () => ({ Component: (await load())[name] }) });

/** The route table of SPEC section 2. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    // Shown while the first screen's chunk loads.
    hydrateFallbackElement: <StartLoader />,
    children: [
      screen('/login', () => import('../features/auth/components/login-screen'), 'LoginScreen'),
      screen(
        '/reset_password/:token',
        () => import('../features/auth/components/login-screen'),
        'LoginScreen',
      ),
      screen(
        '/confirm_email/:token',
        () => import('../features/auth/components/confirm-email-screen'),
        'ConfirmEmailScreen',
      ),
      screen(
        '/oauth/:provider/callback',
        () => import('../features/auth/components/oauth-callback-screen'),
        'OAuthCallbackScreen',
      ),
      screen('/logout', () => import('../features/auth/components/logout-screen'), 'LogoutScreen'),
      {
        path: '/',
        element: <RequireSession />,
        children: [
          { index: true, element: <Navigate to="/jobs" replace /> },
          screen('jobs', () => import('../features/job-offers/job-offers-screen'), 'JobOffersScreen'),
          screen('jobs/:jobId', () => import('../features/pipeline/job-offer-screen'), 'JobOfferScreen'),
          screen(
            'jobs/:jobId/copy',
            () => import('../features/job-offer-copy/components/copy-screen'),
            'CopyScreen',
          ),
          screen(
            'jobs/:jobId/export',
            () => import('../features/job-offer-export/components/export-screen'),
            'ExportScreen',
          ),
          screen('candidates', () => import('../features/candidates/candidates-screen'), 'CandidatesScreen'),
          screen('interviews', () => import('../features/interviews/interviews-screen'), 'InterviewsScreen'),
          screen('users', () => import('../features/users/users-screen'), 'UsersScreen'),
          screen('settings', () => import('../features/settings/settings-screen'), 'SettingsScreen'),
          screen('audit_log', () => import('../features/audit-log/audit-log-screen'), 'AuditLogScreen'),
          screen('reports', () => import('../features/reports/reports-screen'), 'ReportsScreen'),
          screen('*', () => import('./not-found-screen'), 'NotFoundScreen'),
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
