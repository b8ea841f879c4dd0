import type { Note } from '@vivier/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rawRows } from '../../db/raw-rows.ts';
import type { Tenant } from '../../db/tenant-scope.ts';
import { scopedSql } from '../../db/tenant-scope.ts';
import { activityUser, userNameSql } from './activity-user.ts';

type NoteRow = {
  id: number;
  candidate_id: number;
  job_application_id: number | null;
  author_id: number | null;
  author_name: string | null;
  content: string;
  mentions: number[] | string;
  created_at: string | Date;
  updated_at: string | Date;
};

const NOTE_COLUMNS = sql`n.id, n.candidate_id, n.job_application_id, n.author_id, ${userNameSql('u')} as author_name,
  n.content, n.mentions, n.created_at, n.updated_at`;

/** Whether a candidate is one of the licence's (another licence's is as absent as a missing one). */
export async function candidateExists(
  db: Db,
  tenant: Tenant,
  candidateId: number,
  { live = false }: { live?: boolean } = {},
) {
  // `live`: for a write, an erased candidate (a tombstone, decision 193) is not there: nothing about the person
  // may be written again once erased.
  const rows = await rawRows<{ id: number }>(
    db,
    sql`select c.id from candidates c where ${scopedSql('c', tenant)} and c.id = ${candidateId}
        ${live ? sql`and c.erased_at is null` : sql``}`,
  );
  return rows.length > 0;
}

/** A page of a candidate's notes, newest first, with their total. */
export async function listNotes(
  db: Db,
  tenant: Tenant,
  candidateId: number,
  page: { limit: number; offset: number; jobApplicationId?: number | undefined },
) {
  const conditions: SQL[] = [scopedSql('n', tenant), sql`n.candidate_id = ${candidateId}`];
  if (page.jobApplicationId !== undefined) {
    conditions.push(sql`n.job_application_id = ${page.jobApplicationId}`);
  }
  const where = sql.join(conditions, sql` and `);
  const [rows, [count]] = await Promise.all([
    rawRows<NoteRow>(
      db,
      sql`select ${NOTE_COLUMNS} from candidate_notes n
          left join users u on u.id = n.author_id and ${scopedSql('u', tenant)}
          where ${where} order by n.id desc nulls last limit ${page.limit} offset ${page.offset}`,
    ),
    rawRows<{ n: number }>(db, sql`select count(*)::int as n from candidate_notes n where ${where}`),
  ]);
  return { rows: rows.map(presentNote), total: Number(count?.n ?? 0) };
}

/** One note of the licence, or undefined. */
export async function findNote(db: Db, tenant: Tenant, noteId: number) {
  const [row] = await rawRows<NoteRow>(
    db,
    sql`select ${NOTE_COLUMNS} from candidate_notes n
        left join users u on u.id = n.author_id and ${scopedSql('u', tenant)}
        where ${scopedSql('n', tenant)} and n.id = ${noteId}`,
  );
  return row ? presentNote(row) : undefined;
}

/** The notes of these ids in the licence, in one read (the webhook drain renders a batch of events). */
export async function findNotes(db: Db, tenant: Tenant, noteIds: number[]) {
  if (noteIds.length === 0) return [];
  const rows = await rawRows<NoteRow>(
    db,
    sql`select ${NOTE_COLUMNS} from candidate_notes n
        left join users u on u.id = n.author_id and ${scopedSql('u', tenant)}
        where ${scopedSql('n', tenant)} and n.id in (${sql.join(
          noteIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  return rows.map(presentNote);
}

const intList = (value: number[] | string) =>
  Array.isArray(value)
    ? value.map(Number)
    : value.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);

export function presentNote(row: NoteRow): Note {
  return {
    id: Number(row.id),
    candidate_id: Number(row.candidate_id),
    job_application_id: row.job_application_id === null ? null : Number(row.job_application_id),
    author: activityUser(row.author_id, row.author_name),
    content: row.content,
    mentions: intList(row.mentions),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}
