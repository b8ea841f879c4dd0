import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { passwordResetTokens, users } from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';
import { assertNotCommonPassword } from '../../lib/common-passwords.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { issueLinkToken, spendOutstandingLinks, usableLink } from '../account-tokens/mailed-links.service.ts';
import { revokeAllRefreshTokens } from '../account-tokens/refresh-tokens.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findUsersByEmail } from '../users/users.queries.ts';

/**
 * Mails a one-hour, single-use link to `/reset_password/{token}` for each account of the address: one mail
 * per organisation the address belongs to, each naming its organisation, since each account has its own
 * password (docs/decisions/136-accounts-per-licence.md). The route runs it after answering, so the answer is
 * the same, and as fast, whether the account exists or not. `publicUrl` comes from configuration, never from
 * the request (http/public-url.ts).
 */
export async function requestPasswordReset(
  db: Db,
  mailer: Mailer,
  { email, publicUrl }: { email: string; publicUrl: string },
) {
  for (const user of await findUsersByEmail(db, email)) {
    const token = await issueLinkToken(db, user.id, 'reset');
    const link = `${publicUrl}/reset_password/${token}`;
    await mailer.send({
      to: user.email,
      subject: `Vivier (${user.licenceName}): reset your password / réinitialisez votre mot de passe`,
      text: [
        'Hello,',
        '',
        `Someone asked to reset the password of your Vivier account at ${user.licenceName}. Open this link within one hour to choose a new one:`,
        link,
        '',
        'If you did not ask for it, ignore this message: your password stays as it is.',
        '',
        'Bonjour,',
        '',
        `Une réinitialisation du mot de passe de votre compte Vivier chez ${user.licenceName} a été demandée. Ouvrez ce lien dans l’heure pour en choisir un nouveau :`,
        link,
      ].join('\n'),
    });
  }
}

const expiredLink = () =>
  new AppError('reset_token_invalid', 'Your recovery link has expired, please request a new one');

/**
 * Sets a new password from a reset token; the token is spent with every other link of the user, the address
 * counts as confirmed (the person opened a mailed link), and every session of the user ends. The token is
 * checked before the password is hashed: a made-up link costs one indexed read, not an argon2 hash. It is
 * spent in the same transaction as the change, so a link used twice at once changes the password once. A
 * common password is refused first, without a read: the link stays usable for a better one. The change is in
 * the user's licence's audit log (`auth.password_reset`, decision 192), written in the same transaction.
 */
export async function resetPassword(
  db: Db,
  { token, password, address }: { token: string; password: string; address: string | null },
) {
  assertNotCommonPassword(password);
  const [pending] = await db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(usableLink(token, 'reset', new Date()));
  if (!pending) throw expiredLink();
  const passwordHash = await hashPassword(password);
  const done = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(usableLink(token, 'reset', new Date()))
      .returning();
    if (!row) return false;
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date(), confirmedAt: sql`coalesce(${users.confirmedAt}, now())` })
      .where(eq(users.id, row.userId))
      .returning({ id: users.id, licenceId: users.licenceId, email: users.email });
    if (user) {
      await recordAudit(tx, {
        licenceId: user.licenceId,
        actor: { kind: 'user', id: user.id, label: user.email },
        address,
        action: 'auth.password_reset',
        target: { kind: 'user', id: user.id },
        details: { method: 'mailed_link' },
      });
    }
    await spendOutstandingLinks(tx, row.userId);
    await revokeAllRefreshTokens(tx, row.userId);
    return true;
  });
  if (!done) throw expiredLink();
}
