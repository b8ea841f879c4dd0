import type { OrganisationChoice } from '@vivier/contract';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { findUserInLicence, type UserRow, type UserWithLicence } from '../users/users.queries.ts';
import type { SignInMethod } from './session.ts';

/** Long enough to pick an organisation, short enough that a ticket seen over a shoulder is soon worthless. */
const TICKET_TTL_MS = 5 * 60 * 1000;
const CONTEXT = 'organisation choice';

/**
 * One person proved who they are (a password that opens several accounts, or a provider's verified address)
 * and has an account in several organisations: the answer lists them and carries a ticket naming those
 * accounts, sealed by the server (AES-GCM, lib/secret-box.ts) so it can neither be read nor forged. Nothing is
 * stored; the ticket ends after five minutes (docs/decisions/136-accounts-per-licence.md).
 */
export function organisationChoice(
  box: SecretBox,
  accounts: UserWithLicence[],
  method: SignInMethod,
): AppError {
  const ticket = box.seal(
    JSON.stringify({ ids: accounts.map((a) => a.id), exp: Date.now() + TICKET_TTL_MS, method }),
    CONTEXT,
  );
  const organisations = accounts.map((a) => ({ license_id: a.licenceId, name: a.licenceName }));
  return new AppError('choose_organisation', 'Choose the organisation to sign in to', {
    extra: { ticket, organisations } satisfies Omit<OrganisationChoice, 'error' | 'message'>,
  });
}

const expired = () => new AppError('choice_expired', 'This choice has expired, please sign in again');

/**
 * The account of the chosen organisation among those the ticket names, and how the person proved who they
 * are (for the audit log); 401 for anything else.
 */
export async function takeOrganisationChoice(
  db: Db,
  box: SecretBox,
  { ticket, licenceId }: { ticket: string; licenceId: number },
): Promise<{ user: UserRow; method: SignInMethod }> {
  const opened = box.open(ticket, CONTEXT);
  if (!opened) throw expired();
  const { ids, exp, method } = JSON.parse(opened) as { ids: number[]; exp: number; method: SignInMethod };
  if (exp <= Date.now()) throw expired();
  for (const id of ids) {
    const user = await findUserInLicence(db, licenceId, id);
    if (user) return { user, method };
  }
  throw expired();
}
