import type { LogoutBody } from '@vivier/contract';
import { routes } from '@vivier/contract/routes';
import { call } from '../../../shared/api/call';

/**
 * POST /users/logout: the server revokes the session's refresh token family, so a copy of the token (another
 * tab's, or a stolen one) is worthless after logout. Sent without an access token, which may have expired.
 */
export async function revokeSession(body: LogoutBody): Promise<void> {
  await call(routes.auth.logout, { body });
}
