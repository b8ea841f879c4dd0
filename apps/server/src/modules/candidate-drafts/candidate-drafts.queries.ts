import {
  type CandidateDraft,
  type CandidateFileType,
  contactKey,
  type DraftDuplicate,
} from '@vivier/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rawRows } from '../../db/raw-rows.ts';
import type { DetectedFields } from '../../db/schema/index.ts';
import { scopedSql } from '../../db/tenant-scope.ts';
import { candidatesByEmail, emailKey } from '../candidates/candidate-emails.ts';

export type DraftRow = {
  id: number;
  name: string;
  storageKey: string;
  mediaType: string;
  size: number;
  text: string | null;
  detected: DetectedFields;
  createdAt: Date;
};

/** A draft as the API shows it (its storage key and text stay inside). */
export const presentDraft = (row: DraftRow, duplicates: DraftDuplicate[]): CandidateDraft => ({
  id: row.id,
  name: row.name,
  size: Number(row.size),
  media_type: row.mediaType as CandidateFileType,
  text_read: row.text !== null,
  detected: row.detected,
  duplicates,
  created_at: new Date(row.createdAt).toISOString(),
});

/** Candidates' names as the candidates list shows them, else their first email. */
async function namesOf(db: Db, licenceId: number, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await rawRows<{ id: number; name: string }>(
    db,
    sql`select c.id, coalesce(nullif(trim(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')), ''),
          (select cc.value from candidate_contacts cc where cc.candidate_id = c.id and cc.kind = 'email'
             and cc.deleted_at is null order by cc.is_primary desc, cc.id limit 1), '#' || c.id) as name
        from candidates c where ${scopedSql('c', licenceId)} and c.id = any(${sql.param(ids)}::int[])`,
  );
  return new Map(rows.map((row) => [Number(row.id), row.name]));
}

/**
 * The licence's candidates holding one of these phones, compared by their digits (decision 040's key without
 * its +). The trigram index of `search_text`, which holds each phone's bare digits, finds the few candidates
 * a phone's digits appear in; the contacts then confirm it is that phone.
 */
async function candidatesByPhone(db: Db, licenceId: number, phones: string[]) {
  const digits = [...new Set(phones.map((p) => contactKey('phone', p).replace('+', '')))].filter(
    (d) => d.length >= 6,
  );
  if (digits.length === 0) return [];
  return rawRows<{ candidate_id: number; value: string; digits: string }>(
    db,
    sql`select found.candidate_id, found.value, wanted.digits
        from unnest(${sql.param(digits)}::text[]) as wanted(digits) cross join lateral (
          select c.id as candidate_id, cc.value from candidates c
          join candidate_contacts cc on cc.candidate_id = c.id and cc.kind = 'phone' and cc.deleted_at is null
          where ${scopedSql('c', licenceId)} and c.search_text like '%' || wanted.digits || '%'
            and regexp_replace(cc.value, '[^0-9]', '', 'g') = wanted.digits
          order by c.id limit 5) found`,
  );
}

/** The candidates a draft's emails or phones already belong to, each once (by email first). */
export async function findDuplicates(db: Db, licenceId: number, fields: DetectedFields) {
  const byEmail = await candidatesByEmail(db, licenceId, fields.emails);
  const byPhone = await candidatesByPhone(db, licenceId, fields.phones);
  const found: Omit<DraftDuplicate, 'name'>[] = [];
  const seen = new Set<number>();
  for (const email of fields.emails) {
    const id = byEmail.get(emailKey(email));
    if (id !== undefined && !seen.has(id)) found.push({ candidate_id: id, by: 'email', value: email });
    if (id !== undefined) seen.add(id);
  }
  for (const row of byPhone) {
    const id = Number(row.candidate_id);
    if (!seen.has(id)) found.push({ candidate_id: id, by: 'phone', value: row.value });
    seen.add(id);
  }
  const names = await namesOf(db, licenceId, [...seen]);
  return found.map((d) => ({ ...d, name: names.get(d.candidate_id) ?? `#${d.candidate_id}` }));
}
