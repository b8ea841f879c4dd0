import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { passwordResetTokens, users } from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';
import { hashToken, newSecretToken } from '../../lib/secret-token.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { hashPassword } from '../auth/passwords.ts';
import { revokeAllRefreshTokens } from '../auth/refresh-tokens.ts';
import { findUserByEmail } from '../users/users.queries.ts';

const RESET_TTL_MS = 3600 * 1000;

/**
 * Mails a one-hour, single-use link to `/reset_password/{token}` when the email belongs to a user. The caller
 * answers the same either way, so the endpoint does not tell who has an account.
 */
export async function requestPasswordReset(
  db: Db,
  mailer: Mailer,
  { email, publicUrl }: { email: string; publicUrl: string },
) {
  const user = await findUserByEmail(db, email);
  if (!user) return;
  const token = newSecretToken();
  await db.insert(passwordResetTokens).values({
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + RESET_TTL_MS),
  });
  const link = `${publicUrl}/reset_password/${token}`;
  await mailer.send({
    to: user.email,
    subject: 'Vivier: reset your password / réinitialisez votre mot de passe',
    text: [
      'Hello,',
      '',
      'Someone asked to reset the password of your Vivier account. Open this link within one hour to choose a new one:',
      link,
      '',
      'If you did not ask for it, ignore this message: your password stays as it is.',
      '',
      'Bonjour,',
      '',
      'Une réinitialisation du mot de passe de votre compte Vivier a été demandée. Ouvrez ce lien dans l’heure pour en choisir un nouveau :',
      link,
    ].join('\n'),
  });
}

/** Sets a new password from a reset token; the token is spent, and every session of the user ends. */
export async function resetPassword(db: Db, { token, password }: { token: string; password: string }) {
  const passwordHash = await hashPassword(password);
  const done = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.tokenHash, hashToken(token)), isNull(passwordResetTokens.usedAt)))
      .returning();
    if (!row || row.expiresAt.getTime() <= Date.now()) return false;
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, row.userId));
    await revokeAllRefreshTokens(tx, row.userId);
    return true;
  });
  if (!done) {
    throw new AppError(
      410,
      'reset_token_invalid',
      'Your recovery link has expired, please request a new one',
    );
  }
}
