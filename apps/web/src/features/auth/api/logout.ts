import type { LogoutBody } from '@vivier/contract';
import { usersService } from '../../../shared/api/services';

/**
 * POST /users/logout: the server revokes the session's refresh token family, so a copy of the token (another
 * tab's, or a stolen one) is worthless after logout. Sent without an access token, which may have expired.
 */
export async function revokeSession(body: LogoutBody): Promise<void> {
  await usersService.post('/users/logout', body, { auth: false });
}
