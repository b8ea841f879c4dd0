import { and, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { candidates } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';

/**
 * A candidate's contacts in use as search text (`candidates.contact_text`): every email and phone, phones also
 * as bare digits so '0612345678' finds '+33 6 12 34 56 78'. A correlated expression over the row being
 * updated, so one UPDATE refreshes any number of candidates.
 */
export const contactTextOf = sql<string>`coalesce((
  select string_agg(case when cc.kind = 'phone'
      then cc.value || ' ' || regexp_replace(cc.value, '[^0-9]', '', 'g') else cc.value end, ' ' order by cc.id)
  from candidate_contacts cc where cc.candidate_id = "candidates"."id" and cc.deleted_at is null
), '')`;

/**
 * Rebuilds `contact_text` of the licence's given candidates without touching `updated_at` (imports and demo
 * data, which set their own dates); `touchCandidates` does the same as part of a touch.
 */
export async function refreshContactText(db: Db, licenceId: number, ids: number[]) {
  if (ids.length === 0) return;
  await db
    .update(candidates)
    .set({ contactText: contactTextOf })
    .where(and(scoped(candidates, licenceId), inArray(candidates.id, ids)));
}
