import { privacyRequests } from '../../db/schema/index.ts';
import { fresh, org, type Row, t } from './world.ts';

/**
 * Admins of a level that may write (decision 194): the recruiter and the reader are refused; another licence's
 * user is refused a list (403) and finds no record by id (404, like a missing one).
 */
const adminsOnly = (ok: number, stranger = 403) => ({ user: 403, reader: 403, admin: ok, stranger });

/** A confirmed (open) request of the owning licence, about a fresh candidate. */
const openRequest = async () => {
  const [row] = await t.db
    .insert(privacyRequests)
    .values({
      licenceId: org.licence.id,
      candidateId: await fresh.candidate(),
      kind: 'access',
      state: 'open',
      tokenExpiresAt: new Date(),
      confirmedAt: new Date(),
      dueAt: new Date(Date.now() + 30 * 86_400_000),
    })
    .returning({ id: privacyRequests.id });
  return row?.id ?? 0;
};

/** The authorization matrix's rows of access, portability and the requests from the person (issue 24). */
export const PRIVACY_ROWS: Record<string, Row> = {
  'GET /api/candidates/:id|:candidateId/data_export': {
    params: { id: fresh.candidate },
    expect: adminsOnly(200, 404),
  },
  'GET /api/privacy_requests': { expect: adminsOnly(200) },
  'POST /api/privacy_requests/:id/done': { params: { id: openRequest }, expect: adminsOnly(200, 404) },
};
