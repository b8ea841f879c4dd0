import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { licences } from '../../db/schema/index.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { issueLinkToken } from '../account-tokens/mailed-links.service.ts';

type Account = { id: number; email: string; licenceId: number };

const organisationName = async (db: Db, licenceId: number) =>
  (await db.select({ name: licences.name }).from(licences).where(eq(licences.id, licenceId)))[0]?.name ?? '';

/**
 * Mails the person an admin just added a seven-day link proving the address is theirs
 * (/confirm_email/{token}). Until it is opened (or a reset link is used), Google and Microsoft sign-in do not
 * enter the account (docs/decisions/136-accounts-per-licence.md).
 */
export async function mailConfirmationLink(db: Db, mailer: Mailer, user: Account, publicUrl: string) {
  const name = await organisationName(db, user.licenceId);
  const token = await issueLinkToken(db, user.id, 'confirm');
  const link = `${publicUrl}/confirm_email/${token}`;
  await mailer.send({
    to: user.email,
    subject: `Vivier (${name}): confirm your address / confirmez votre adresse`,
    text: [
      'Hello,',
      '',
      `An account was created for you on Vivier at ${name}. Open this link within seven days to confirm that this address is yours:`,
      link,
      '',
      'If you do not know this organisation, ignore this message: nobody can sign in with Google or Microsoft as you there.',
      '',
      'Bonjour,',
      '',
      `Un compte Vivier a été créé pour vous chez ${name}. Ouvrez ce lien dans les sept jours pour confirmer que cette adresse est la vôtre :`,
      link,
    ].join('\n'),
  });
}

/** Tells a person an admin set their password, which signed them out everywhere (issue 18 section 3). */
export async function mailPasswordSetByAdmin(db: Db, mailer: Mailer, user: Account) {
  const name = await organisationName(db, user.licenceId);
  await mailer.send({
    to: user.email,
    subject: `Vivier (${name}): your password was changed / votre mot de passe a été changé`,
    text: [
      'Hello,',
      '',
      `An administrator of ${name} set a new password for your Vivier account, and your sessions were closed. Ask them for it, or choose your own with "Forgot password?" on the sign-in page.`,
      '',
      'Bonjour,',
      '',
      `Un administrateur de ${name} a défini un nouveau mot de passe pour votre compte Vivier, et vos sessions ont été fermées. Demandez-le-lui, ou choisissez le vôtre avec « Mot de passe oublié ? » sur la page de connexion.`,
    ].join('\n'),
  });
}
