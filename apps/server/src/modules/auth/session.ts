import { randomUUID } from 'node:crypto';
import type { LoginResponse } from '@vivier/contract';
import type { Deps } from '../../deps.ts';
import { issueRefreshToken } from '../account-tokens/refresh-tokens.service.ts';
import { presentUser } from '../users/user.presenter.ts';
import type { UserRow } from '../users/users.queries.ts';

/**
 * A new session for a user who proved who they are (password, or Google / Microsoft): the user with an
 * access token (`jwt`) and the first refresh token of a new family (DESIGN section 5). The access token names
 * the family (`sid`), so the session can be told from the user's others.
 */
export async function openSession(deps: Deps, user: UserRow): Promise<LoginResponse> {
  const family = randomUUID();
  const token = await issueRefreshToken(deps.db, user.id, { family });
  const jwt = await deps.tokens.sign(user, family);
  return { ...presentUser(user), jwt, token };
}
