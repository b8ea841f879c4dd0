/**
 * Build-time configuration of the web app (STYLE practice 5): the only module that reads `import.meta.env`.
 * Every value is optional; by default the three service clients talk to `/api` on the same origin (DESIGN section 1).
 */
const env = import.meta.env;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

export const config = {
  /** Licence service base URL. The variable keeps the wire's spelling, as builds already set it (decision 031). */
  licenceApiUrl: text(env.VITE_LICENSE_API_URL) ?? '/api',
  /** Users service base URL (login, refresh, password recovery, users). */
  usersApiUrl: text(env.VITE_USERS_API_URL) ?? '/api',
  /** Main data fallback when the licence carries no `api_url` (SPEC section 9). */
  defaultApiUrl: text(env.VITE_API_URL) ?? '/api',
  /** Error reporting is on only when a DSN is configured (SPEC section 9). */
  sentryDsn: text(env.VITE_SENTRY_DSN),
  /** The version label of the side menu (SPEC section 2). */
  version: '3.4.2',
  productName: 'Vivier',
  mode: env.MODE,
} as const;
