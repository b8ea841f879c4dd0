import type { CandidateFile, CandidateFileTextState, CandidateFileType } from '@vivier/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rawRows } from '../../db/raw-rows.ts';
import { scopedSql, type Tenant } from '../../db/tenant-scope.ts';

export type FileRow = {
  id: number;
  candidate_id: number;
  uploader_id: number | null;
  uploader_name: string | null;
  name: string;
  storage_key: string;
  media_type: string;
  size: number | string;
  is_cv: boolean;
  text_state: CandidateFileTextState;
  created_at: string | Date;
};

// The uploader's name as the activity shows a user's: first and last name, else the email.
const COLUMNS = sql`f.id, f.candidate_id, f.uploader_id,
  coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email) as uploader_name,
  f.name, f.storage_key, f.media_type, f.size, f.is_cv, f.text_state, f.created_at`;

/** A row as the API shows it (the storage key stays inside). */
export const presentFile = (row: FileRow): CandidateFile => ({
  id: Number(row.id),
  candidate_id: Number(row.candidate_id),
  name: row.name,
  size: Number(row.size),
  media_type: row.media_type as CandidateFileType,
  is_cv: row.is_cv,
  text_state: row.text_state,
  uploader:
    row.uploader_id === null || row.uploader_name === null
      ? null
      : { id: Number(row.uploader_id), name: row.uploader_name },
  created_at: new Date(row.created_at).toISOString(),
});

/** A candidate's files, newest first (a candidate holds a handful: answered whole). */
export const listFiles = (db: Db, tenant: Tenant, candidateId: number) =>
  rawRows<FileRow>(
    db,
    sql`select ${COLUMNS} from candidate_files f
        left join users u on u.id = f.uploader_id and ${scopedSql('u', tenant)}
        where ${scopedSql('f', tenant)} and f.candidate_id = ${candidateId} order by f.id desc`,
  );

/** One file of one candidate of the licence; another licence's or another candidate's is undefined. */
export async function findFile(db: Db, tenant: Tenant, candidateId: number, fileId: number) {
  const [row] = await rawRows<FileRow>(
    db,
    sql`select ${COLUMNS} from candidate_files f
        left join users u on u.id = f.uploader_id and ${scopedSql('u', tenant)}
        where ${scopedSql('f', tenant)} and f.candidate_id = ${candidateId} and f.id = ${fileId}`,
  );
  return row;
}

/**
 * Which of `keys` no row holds any more, a candidate's file, a draft's CV (decision 188) or a careers site's
 * logo (decision 189): their objects are orphans (the sweeper's question).
 */
export async function keysWithoutRow(db: Db, keys: string[]) {
  if (keys.length === 0) return [];
  const rows = await rawRows<{ key: string }>(
    db,
    sql`select k.key from unnest(${sql.param(keys)}::text[]) as k(key)
        where not exists (select 1 from candidate_files f where f.storage_key = k.key)
          and not exists (select 1 from candidate_drafts d where d.storage_key = k.key)
          and not exists (select 1 from careers_sites c where c.logo_key = k.key)`,
  );
  return rows.map((row) => row.key);
}
