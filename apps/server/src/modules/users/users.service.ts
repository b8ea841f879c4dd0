import type { UserCreateBody, UserPatchBody, UserSettings } from '@vivier/contract';
import { and, eq, min, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { jobOffers, refreshTokens, users } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import type { Deps } from '../../deps.ts';
import { AppError, conflict, notFound } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';
import { assertNotCommonPassword } from '../../lib/common-passwords.ts';
import { verifyPasswordGuess } from '../../lib/login-limits.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { richText } from '../../lib/rich-text-thread.ts';
import { spendOutstandingLinks } from '../account-tokens/mailed-links.service.ts';
import { revokeAllRefreshTokens } from '../account-tokens/refresh-tokens.service.ts';
import { byCaller, recordAudit } from '../audit/audit.service.ts';
import { mailConfirmationLink, mailPasswordSetByAdmin } from './account-mail.ts';
import { assertCanCreateUser, assertCanDeleteUser, assertCanEditUser } from './user.policy.ts';
import { emailEquals, findUserByEmailInLicence, findUserInLicence, type UserRow } from './users.queries.ts';

/** What creating and changing users needs besides the database: mail, sent after answering. */
type UserDeps = Pick<Deps, 'db' | 'mailer' | 'background' | 'publicUrl' | 'loginLimits'>;

type CreateFields = z.output<typeof UserCreateBody>;
type PatchFields = UserPatchBody;

const EMAIL_TAKEN = 'A user with this email already exists';

/** Runs a write, turning a lost race for an email into the same 409 the check before it gives. */
async function withUniqueEmail<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN);
    throw error;
  }
}

/**
 * Creates a user of the caller's licence (admins only); answers their id. A common password is refused. Only
 * the licence's own users make an address taken: an account elsewhere changes nothing, so the answer tells
 * nothing about other organisations. The account is unconfirmed until the person opens the link mailed now
 * (docs/decisions/136-accounts-per-licence.md).
 */
export async function createUser(deps: UserDeps, caller: Caller, fields: CreateFields) {
  const { db } = deps;
  assertCanCreateUser(caller);
  assertNotCommonPassword(fields.password);
  if (await findUserByEmailInLicence(db, caller.licenceId, fields.email)) throw conflict(EMAIL_TAKEN);
  const passwordHash = fields.password ? await hashPassword(fields.password) : null;
  const row = await withUniqueEmail(() =>
    db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(users)
        .values({
          licenceId: caller.licenceId,
          email: fields.email,
          passwordHash,
          firstName: fields.first_name,
          lastName: fields.last_name,
          role: fields.role,
          level: fields.level,
        })
        .returning({ id: users.id });
      if (!inserted) throw new Error('The user was not created');
      await recordAudit(tx, {
        ...byCaller(caller),
        action: 'user.create',
        target: { kind: 'user', id: inserted.id },
        details: { role: fields.role, level: fields.level },
      });
      return inserted;
    }),
  );
  const account = { id: row.id, email: fields.email, licenceId: caller.licenceId };
  deps.background.run('the address confirmation mail', () =>
    mailConfirmationLink(db, deps.mailer, account, deps.publicUrl()),
  );
  return row.id;
}

/** A sign-in without a password (Google, Microsoft) counts as recent for five minutes. */
const RECENT_SIGN_IN_MS = 5 * 60 * 1000;

/**
 * Changing one's own password or email asks for proof beyond the access token, which a thief may hold: the
 * current password, or for an account without one a sign-in within five minutes (the session's start).
 * Otherwise a stolen token would become a permanent takeover (issue 18 section 3;
 * docs/decisions/135-reauthentication.md).
 */
async function assertReauthenticated(
  { db, loginLimits }: UserDeps,
  caller: Caller,
  target: UserRow,
  currentPassword?: string,
) {
  const refused = () =>
    new AppError(
      'current_password_required',
      target.passwordHash
        ? 'Your current password is needed for this change'
        : 'Sign in again (within five minutes) to make this change',
    );
  if (target.passwordHash) {
    // A wrong guess counts as a failed sign-in of the account (lib/login-limits.ts).
    if (!(await verifyPasswordGuess(loginLimits, target.email, target.passwordHash, currentPassword ?? '')))
      throw refused();
    return;
  }
  if (!caller.session) throw refused();
  const [started] = await db
    .select({ at: min(refreshTokens.createdAt) })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.family, caller.session), eq(refreshTokens.userId, caller.userId)));
  if (!started?.at || Date.now() - started.at.getTime() > RECENT_SIGN_IN_MS) throw refused();
}

/**
 * The licence's admins, locked until the transaction ends. Two requests that would each leave one admin (two
 * admins demoting each other, or deleting each other) queue here: the second reads the first one's result.
 */
async function lockAdmins(tx: Db, licenceId: number) {
  return tx
    .select({ id: users.id })
    .from(users)
    .where(and(scoped(users, licenceId), eq(users.role, 'admin')))
    .orderBy(users.id)
    .for('update');
}

/** The user's settings with the given parts replaced; `signature` is the new one, already sanitised. */
function mergeSettings(
  current: UserSettings,
  patch: PatchFields['settings'],
  signature?: string,
): UserSettings {
  return {
    export: patch?.export ?? current.export ?? { type: null },
    email_signature:
      signature !== undefined ? { value: signature } : (current.email_signature ?? { value: '' }),
  };
}

/**
 * What the audit log says of a change (decision 192): the names of the fields it set, and for the role and the
 * level their old and new values. Never a value of the password, the email or the names.
 */
function changeDetails(target: UserRow, fields: PatchFields) {
  const changed = Object.entries(fields)
    .filter(([name, value]) => value !== undefined && value !== '' && name !== 'current_password')
    .map(([name]) => name)
    .sort();
  return {
    fields: changed,
    ...(fields.role !== undefined && fields.role !== target.role
      ? { role: { from: target.role, to: fields.role } }
      : {}),
    ...(fields.level !== undefined && fields.level !== target.level
      ? { level: { from: target.level, to: fields.level } }
      : {}),
  };
}

/**
 * Changes a user: an admin any user of the licence, a user their own names, password and settings. An empty
 * password changes nothing (SPEC section 5), a common one is refused. The last admin cannot become a user. A
 * new password ends the user's sessions, but for the one a user changes their own password from.
 */
export async function updateUser(deps: UserDeps, caller: Caller, userId: number, patch: PatchFields) {
  const { db } = deps;
  const target = await findUserInLicence(db, caller.licenceId, userId);
  if (!target) throw notFound('User');
  assertCanEditUser(caller, target, patch);
  const changesEmail =
    patch.email !== undefined && patch.email.trim().toLowerCase() !== target.email.toLowerCase();
  assertNotCommonPassword(patch.password);
  if (userId === caller.userId && (patch.password || changesEmail)) {
    await assertReauthenticated(deps, caller, target, patch.current_password);
  }
  // What a user may send back unchanged about themself (role, level, email) is not written.
  const fields: PatchFields =
    caller.role === 'admin'
      ? patch
      : {
          first_name: patch.first_name,
          last_name: patch.last_name,
          password: patch.password,
          settings: patch.settings,
        };
  assertNotCommonPassword(fields.password);
  if (fields.email !== undefined) {
    const [twin] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(scoped(users, caller), emailEquals(fields.email), ne(users.id, userId)));
    if (twin) throw conflict(EMAIL_TAKEN);
  }
  const passwordHash = fields.password ? await hashPassword(fields.password) : undefined;
  // The signature keeps only what the editor makes, sanitised off the server's thread.
  const signature = fields.settings?.email_signature
    ? await richText.sanitize(fields.settings.email_signature.value)
    : undefined;

  await withUniqueEmail(() =>
    db.transaction(async (tx) => {
      if (fields.role === 'user') {
        const admins = await lockAdmins(tx, caller.licenceId);
        if (admins.some((admin) => admin.id === userId) && admins.length <= 1) {
          throw conflict('The last admin of a licence cannot become a user', 'last_admin');
        }
      }
      const [current] = await tx
        .select({ settings: users.settings })
        .from(users)
        .where(and(scoped(users, caller), eq(users.id, userId)))
        .for('update');
      if (!current) throw notFound('User');
      await tx
        .update(users)
        .set({
          ...(fields.email !== undefined ? { email: fields.email } : {}),
          // A new address is unproven until its owner opens the link mailed to it.
          ...(changesEmail && fields.email !== undefined ? { confirmedAt: null } : {}),
          ...(passwordHash !== undefined ? { passwordHash } : {}),
          ...(fields.first_name !== undefined ? { firstName: fields.first_name } : {}),
          ...(fields.last_name !== undefined ? { lastName: fields.last_name } : {}),
          ...(fields.role !== undefined ? { role: fields.role } : {}),
          ...(fields.level !== undefined ? { level: fields.level } : {}),
          ...(fields.settings !== undefined
            ? { settings: mergeSettings(current.settings, fields.settings, signature) }
            : {}),
          updatedAt: new Date(),
        })
        .where(and(scoped(users, caller), eq(users.id, userId)));
      await recordAudit(tx, {
        ...byCaller(caller),
        action: 'user.update',
        target: { kind: 'user', id: userId },
        details: changeDetails(target, fields),
      });
      // A new password ends the user's sessions (their own change keeps the session it was made from) and
      // spends every recovery link mailed before it.
      if (passwordHash !== undefined) {
        const keep = userId === caller.userId ? caller.session : undefined;
        await revokeAllRefreshTokens(tx, userId, keep ? { keep } : {});
        await spendOutstandingLinks(tx, userId);
      }
    }),
  );
  if (changesEmail && fields.email !== undefined) {
    const account = { id: userId, email: fields.email, licenceId: caller.licenceId };
    deps.background.run('the address confirmation mail', () =>
      mailConfirmationLink(db, deps.mailer, account, deps.publicUrl()),
    );
  }
  if (passwordHash !== undefined && userId !== caller.userId) {
    const account = { id: userId, email: fields.email ?? target.email, licenceId: caller.licenceId };
    deps.background.run('the password change notice', () => mailPasswordSetByAdmin(db, deps.mailer, account));
  }
}

/**
 * Deletes a user of the licence (admins only) in one transaction: their job offers pass to the deleting admin
 * (docs/decisions/092-user-management.md), their sessions, assignments and client data go with them. The last
 * admin cannot be deleted.
 */
export async function deleteUser(db: Db, caller: Caller, userId: number) {
  const target = await findUserInLicence(db, caller.licenceId, userId);
  if (!target) throw notFound('User');
  assertCanDeleteUser(caller, target);
  await db.transaction(async (tx) => {
    const admins = await lockAdmins(tx, caller.licenceId);
    if (admins.some((admin) => admin.id === userId) && admins.length <= 1) {
      throw conflict('The last admin of a licence cannot be deleted', 'last_admin');
    }
    await tx
      .update(jobOffers)
      .set({ userId: caller.userId, updatedAt: new Date() })
      .where(and(scoped(jobOffers, caller), eq(jobOffers.userId, userId)));
    // Refresh tokens, reset tokens, assignments and the client-data record cascade; an access token still
    // in a browser stops at its next request (the user is gone: http/authenticate.ts).
    const deleted = await tx
      .delete(users)
      .where(and(scoped(users, caller), eq(users.id, userId)))
      .returning({ id: users.id });
    if (deleted.length === 0) throw notFound('User');
    await recordAudit(tx, {
      ...byCaller(caller),
      action: 'user.delete',
      target: { kind: 'user', id: userId },
      details: { role: target.role, level: target.level },
    });
  });
}
