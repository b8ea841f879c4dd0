import { routes } from '@vivier/contract/routes';
import { isApiError } from '../../../shared/api/api-error';
import { call } from '../../../shared/api/call';
import { startSession } from '../../../shared/session/start-session';

/**
 * The organisations a sign-in may enter when the address has accounts in several of them, and the ticket
 * the server sealed for the second step (docs/decisions/136-accounts-per-licence.md).
 */
export interface OrganisationChoice {
  ticket: string;
  organisations: { licenseId: number; name: string }[];
}

/** The choice a 409 `choose_organisation` carries, or undefined for any other failure. */
export function organisationChoiceOf(error: unknown): OrganisationChoice | undefined {
  if (!isApiError(error) || error.status !== 409 || error.errorCode !== 'choose_organisation')
    return undefined;
  const { ticket, organisations } = error.body;
  if (typeof ticket !== 'string' || !Array.isArray(organisations)) return undefined;
  return { ticket, organisations: organisations as OrganisationChoice['organisations'] };
}

/** POST /users/login/organisation: enters the chosen organisation's account, as a login does. */
export async function enterOrganisation(ticket: string, licenseId: number): Promise<void> {
  const response = await call(routes.auth.chooseOrganisation, { body: { ticket, licenseId } });
  startSession(response);
}
