import { usersService } from '../../../shared/api/services';

/** GET /password/forgot/{email}: the server answers 200 whether or not the address is known. */
export async function requestPasswordRecovery(email: string): Promise<void> {
  await usersService.get(`/password/forgot/${encodeURIComponent(email.trim())}`, { auth: false });
}

/** PATCH /password/{token} with the new password. */
export async function resetPassword(token: string, password: string): Promise<void> {
  await usersService.patch(`/password/${encodeURIComponent(token)}`, { password }, { auth: false });
}
