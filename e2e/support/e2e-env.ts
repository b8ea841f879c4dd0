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

export function e2eEnv() {
  const baseURL = process.env.VIVIER_E2E_BASE_URL;
  const dataDir = process.env.VIVIER_E2E_DATA_DIR;
  if (!baseURL || !dataDir)
    throw new Error('The e2e server is not running: run the tests through playwright.config.ts');
  return { baseURL, dataDir };
}
