import type { LoginBody } from '@vivier/contract';
import { routes } from '@vivier/contract/routes';
import { call } from '../../../shared/api/call';
import { startSession } from '../../../shared/session/start-session';

/** POST /users/login, then stores the session (SPEC section 4). Failures are the caller's to show. */
export async function login(credentials: LoginBody): Promise<void> {
  const response = await call(routes.auth.login, { body: credentials });
  startSession(response);
}
