import { fresh, type Row } from './world.ts';

/** Licence-wide, admins only: another licence's user is refused as their own licence's user is. */
const adminsOnly = (ok: number) => ({ user: 403, reader: 403, admin: ok, stranger: 403 });

/**
 * The authorization matrix's rows of retention (issue 24, decision 195): its list and its exclusions are the
 * admins' (another licence's admin meets a 404 for a candidate: retention.routes.test.ts).
 */
export const RETENTION_ROWS: Record<string, Row> = {
  'GET /api/retention/due': { expect: adminsOnly(200) },
  'POST /api/retention/exclusions': {
    payload: async () => ({ candidate_id: await fresh.candidate(), reason: 'Kept for the audit' }),
    expect: adminsOnly(201),
  },
};
