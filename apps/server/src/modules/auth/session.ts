import { randomUUID } from 'node:crypto';
import type { LoginResponse } from '@vivier/contract';
import type { Deps } from '../../deps.ts';
import { issueRefreshToken } from '../account-tokens/refresh-tokens.service.ts';
import { recordAudit, recordAuditAlone } from '../audit/audit.service.ts';
import { presentUser } from '../users/user.presenter.ts';
import type { UserRow } from '../users/users.queries.ts';

/** How a person proved who they are, as the audit log says it (decision 192). */
export type SignInMethod = 'password' | 'google' | 'microsoft';

/** Where a sign-in came from: the request's client address and the way in. */
export type SignInContext = { address: string; method: SignInMethod };

/**
 * A new session for a user who proved who they are (password, or Google / Microsoft): the user with an
 * access token (`jwt`) and the first refresh token of a new family (DESIGN section 5). The access token names
 * the family (`sid`), so the session can be told from the user's others. The refresh token and the audit
 * log's `auth.sign_in` entry are written in one transaction: a session exists exactly when its entry does.
 */
export async function openSession(deps: Deps, user: UserRow, context: SignInContext): Promise<LoginResponse> {
  const family = randomUUID();
  const token = await deps.db.transaction(async (tx) => {
    const issued = await issueRefreshToken(tx, user.id, { family });
    await recordAudit(tx, {
      licenceId: user.licenceId,
      actor: { kind: 'user', id: user.id, label: user.email },
      address: context.address,
      action: 'auth.sign_in',
      target: { kind: 'user', id: user.id },
      details: { method: context.method },
    });
    return issued;
  });
  const jwt = await deps.tokens.sign(user, family);
  return { ...presentUser(user), jwt, token };
}

/**
 * Records a refused sign-in in the log of each licence where the address has an account (decision 192): the
 * entry names the account that was tried (not a proven actor) and why it failed. An address with no account
 * is recorded nowhere: no licence owns it, and a log of guessed addresses would only keep strangers' emails.
 */
export async function recordFailedSignIn(
  deps: Pick<Deps, 'db'>,
  accounts: Pick<UserRow, 'id' | 'licenceId' | 'email'>[],
  context: SignInContext & { reason: 'wrong_password' | 'unconfirmed' },
): Promise<void> {
  for (const account of accounts) {
    await recordAuditAlone(deps.db, {
      licenceId: account.licenceId,
      actor: { kind: 'user', id: account.id, label: account.email },
      address: context.address,
      action: 'auth.sign_in_failed',
      target: { kind: 'user', id: account.id },
      details: { method: context.method, reason: context.reason },
    });
  }
}
