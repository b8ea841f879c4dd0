/** What global-setup.ts hands to the tests through the environment (workers inherit it). */
export const ADMIN_EMAIL = 'admin@vivier.test';
export const ADMIN_PASSWORD = 'e2e-admin-password';
/** Short on purpose, so the refresh test sees the access token expire (SPEC section 4). */
export const ACCESS_TOKEN_TTL_S = 5;
/** Vivier's registrations at the local OpenID providers that stand in for Google and Microsoft. */
export const OAUTH_CLIENTS = {
  google: { id: 'vivier-e2e-google', secret: 'e2e-google-secret' },
  microsoft: { id: 'vivier-e2e-microsoft', secret: 'e2e-microsoft-secret' },
};

/**
 * The server of the worker running this test: global-setup.ts starts one per worker, and Playwright numbers a
 * worker's slot with TEST_PARALLEL_INDEX (0 to workers - 1), which stays the same across the worker's restarts.
 */
export function e2eEnv(): { baseURL: string; dataDir: string } {
  const servers = process.env.VIVIER_E2E_SERVERS;
  if (!servers)
    throw new Error('The e2e servers are not running: run the tests through playwright.config.ts');
  const list = JSON.parse(servers) as { baseURL: string; dataDir: string }[];
  const server = list[Number(process.env.TEST_PARALLEL_INDEX ?? 0) % list.length];
  if (!server) throw new Error('No e2e server for this worker');
  return server;
}
