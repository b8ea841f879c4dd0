import type { LoginBody, LoginResponse } from '@vivier/contract';
import type { Camelize } from '../../../shared/api/case';
import { usersService } from '../../../shared/api/services';
import { startSession } from '../../../shared/session/start-session';

/** POST /users/login, then stores the session (SPEC section 4). Failures are the caller's to show. */
export async function login(credentials: LoginBody): Promise<void> {
  const response = await usersService.post<Camelize<LoginResponse>>('/users/login', credentials, {
    auth: false,
  });
  startSession(response);
}
