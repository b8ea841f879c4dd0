import { and, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { namedStatements } from '../../db/named-statements.ts';
import { candidates } from '../../db/schema/index.ts';
import { scoped, scopedSql } from '../../db/tenant-scope.ts';
import { contactTextOf } from './candidate-contact-text.ts';
import { lockCandidates } from './candidate-lock.ts';

type ContactRow = { kind: 'email' | 'phone'; value: string; primary: boolean; source: 'profile' | 'added' };

// A candidate's contacts and tags, as correlated subqueries evaluated only for the rows selected (a page, or
// the ids asked for): one round trip whatever the number of candidates, no N+1. The outer id is spelled out
// with its table: Drizzle leaves a column unqualified in a one-table select, where it would name c.id.
const candidateId = sql.raw('"candidates"."id"');
const contactsOf = sql<(ContactRow & { deleted: boolean })[]>`coalesce((
  select json_agg(json_build_object('kind', c.kind, 'value', c.value, 'primary', c.is_primary,
    'source', c.source, 'deleted', c.deleted_at is not null) order by c.is_primary desc, c.created_at, c.id)
  from candidate_contacts c where c.candidate_id = ${candidateId}
), '[]'::json)`;
const tagsOf = sql<{ id: number; name: string }[]>`coalesce((
  select json_agg(json_build_object('id', t.id, 'name', t.name) order by lower(t.name), t.id)
  from candidate_tags ct join tags t on t.id = ct.tag_id where ct.candidate_id = ${candidateId}
), '[]'::json)`;

/** Everything the presenter needs of a candidate; select it with `db.select(candidateColumns)`. */
export const candidateColumns = {
  id: candidates.id,
  firstName: candidates.firstName,
  lastName: candidates.lastName,
  linkedinUrl: candidates.linkedinUrl,
  pictureUrl: candidates.pictureUrl,
  details: candidates.details,
  manualData: candidates.manualData,
  socialNetworks: candidates.socialNetworks,
  legalBasis: candidates.legalBasis,
  legalBasisAt: candidates.legalBasisAt,
  legalBasisBy: candidates.legalBasisBy,
  erasedAt: candidates.erasedAt,
  createdAt: candidates.createdAt,
  updatedAt: candidates.updatedAt,
  contacts: contactsOf.as('contacts'),
  tags: tagsOf.as('tags'),
};

export type CandidateRow = {
  [K in keyof typeof candidateColumns]: K extends 'contacts'
    ? (ContactRow & { deleted: boolean })[]
    : K extends 'tags'
      ? { id: number; name: string }[]
      : (typeof candidates.$inferSelect)[K & keyof typeof candidates.$inferSelect];
};

/**
 * Candidates by their ids, named (decisions 248, 249) and built once per database handle: every search's page and
 * every candidate read by id sends it, and Drizzle's building of its fourteen columns and two subqueries cost the
 * server ~60 µs each time (decision 259). The ids are one array, so it is one text whatever their number (a
 * search's page is planned once, decision 252).
 */
const byIdsStatement = namedStatements(
  () => 'candidates_by_ids',
  (db, _shape: undefined, name) =>
    db
      .select(candidateColumns)
      .from(candidates)
      .where(
        and(
          scoped(candidates, sql.placeholder('licenceId')),
          sql`${candidates.id} = any(${sql.placeholder('ids')}::int[])`,
        ),
      )
      .prepare(name),
);

/** The licence's candidates whose ids are given, in no particular order; other licences' ids are ignored. */
export async function findCandidates(db: Db, licenceId: number, ids: number[]): Promise<CandidateRow[]> {
  if (ids.length === 0) return [];
  return (await byIdsStatement(db, undefined).execute({ licenceId, ids })) as CandidateRow[];
}

/** One candidate of the licence, or undefined (missing and another licence's look the same). */
export async function findCandidate(
  db: Db,
  licenceId: number,
  id: number,
): Promise<CandidateRow | undefined> {
  const [row] = await findCandidates(db, licenceId, [id]);
  return row;
}

/**
 * Moves a candidate's `updated_at` to now: every change to a candidate (manual data, contacts, tags, the
 * pipeline) calls it in the same transaction, AFTER the change, since candidate lists sort by it (SPEC section
 * 9). In the same statement it rebuilds the contacts folded into the row for text search (`contact_text`), so a
 * contact added or deleted is found, or no longer found, as soon as the transaction commits, and copies the new
 * time to the candidates' job applications (`candidate_updated_at`), the order of a job offer's candidate list.
 * A write that changes job application rows before calling it locks their candidates first (`lockCandidates`).
 */
export async function touchCandidates(db: Db, licenceId: number, ids: number[]) {
  if (ids.length === 0) return;
  // Candidates first, by id, then their applications: the lock order of candidate-lock.ts.
  await lockCandidates(db, licenceId, ids);
  // One array parameter, whatever the number of ids (a list of parameters stops at 65,535).
  const idArray = `{${ids.map((id) => Math.trunc(id)).join(',')}}`;
  await db.execute(sql`
    with touched as (
      update candidates set updated_at = now(), contact_text = ${contactTextOf}
      where ${scopedSql(undefined, licenceId)} and id = any(${idArray}::int[])
      returning id, updated_at
    )
    update job_applications ja set candidate_updated_at = touched.updated_at
    from touched where ja.candidate_id = touched.id
  `);
}

/** The candidate is held by consent from now on (issue 24): they gave it on the apply form. */
export async function holdByConsent(tx: Db, licenceId: number, candidateId: number) {
  await tx
    .update(candidates)
    .set({ legalBasis: 'consent', legalBasisAt: sql`now()`, legalBasisBy: null })
    .where(and(scoped(candidates, licenceId), inArray(candidates.id, [candidateId])));
}
