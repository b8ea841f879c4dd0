import { routes } from '@vivier/contract/routes';
import { call } from '../../../shared/api/call';

/** GET /password/forgot/{email}: the server answers 200 whether or not the address is known. */
export async function requestPasswordRecovery(email: string): Promise<void> {
  await call(routes.auth.forgotPassword, { params: { email: email.trim() } });
}

/** PATCH /password/{token} with the new password. */
export async function resetPassword(token: string, password: string): Promise<void> {
  await call(routes.auth.resetPassword, { params: { token }, body: { password } });
}
