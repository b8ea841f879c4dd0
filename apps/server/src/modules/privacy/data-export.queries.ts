import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rawRows } from '../../db/raw-rows.ts';
import { scopedSql } from '../../db/tenant-scope.ts';

type Row = Record<string, unknown>;

/**
 * Everything Vivier holds about one candidate of a licence, one statement per kind of record (issue 24, decision
 * 194), as plain rows: the export's JSON is built from them (data-export.service.ts). Every statement is scoped
 * by the licence; answers undefined when the licence has no such candidate.
 */
export function candidateRecords(db: Db, licenceId: number, candidateId: number) {
  // One snapshot: the JSON describes the candidate as they were at one instant.
  return db.transaction((tx) => readRecords(tx, licenceId, candidateId), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

async function readRecords(db: Db, licenceId: number, candidateId: number) {
  const [candidate] = await rawRows<Row>(
    db,
    sql`select c.id, c.first_name, c.last_name, c.manual_data, c.details, c.linkedin_url, c.picture_url,
          c.social_networks, c.created_at, c.updated_at
        from candidates c where ${scopedSql('c', licenceId)} and c.id = ${candidateId}`,
  );
  if (!candidate) return undefined;
  const of = (query: ReturnType<typeof sql>) => rawRows<Row>(db, query);
  const lists = {
    contacts: sql`select cc.kind, cc.value, cc.is_primary, cc.source, cc.created_at, cc.deleted_at
           from candidate_contacts cc
           where ${scopedSql('cc', licenceId)} and cc.candidate_id = ${candidateId} order by cc.id`,
    tags: sql`select t.id, t.name from candidate_tags ct join tags t on t.id = ct.tag_id
           where ${scopedSql('t', licenceId)} and ct.candidate_id = ${candidateId} order by t.name, t.id`,
    applications: sql`select ja.id, ja.job_offer_id, o.name as job_offer, ja.status_id, s.name as status, ja.source,
             ja.comment, ja.answers, ja.created_at, ja.updated_at
           from job_applications ja
           join job_offers o on o.id = ja.job_offer_id
           left join statuses s on s.id = ja.status_id
           where ${scopedSql('ja', licenceId)} and ja.candidate_id = ${candidateId} order by ja.id`,
    events: sql`select e.id, e.kind, e.job_application_id, e.job_offer_id, e.actor_id, e.data, e.created_at
           from candidate_events e
           where ${scopedSql('e', licenceId)} and e.candidate_id = ${candidateId} order by e.id`,
    notes: sql`select n.id, n.job_application_id, n.author_id, n.content, n.created_at, n.updated_at
           from candidate_notes n
           where ${scopedSql('n', licenceId)} and n.candidate_id = ${candidateId} order by n.id`,
    emails: sql`select m.id, m.job_offer_id, m.sender_email, m.recipient, m.subject, m.content, m.sent_at
           from candidate_emails m
           where ${scopedSql('m', licenceId)} and m.candidate_id = ${candidateId} order by m.id`,
    bulkEmails: sql`select s.id as send_id, s.job_offer_id, r.email, r.state, r.sent_at, s.subject, s.text,
             s.created_at
           from email_send_recipients r join email_sends s on s.id = r.send_id
           where ${scopedSql('s', licenceId)} and r.candidate_id = ${candidateId} order by s.id`,
    consents: sql`select k.id, k.job_application_id, k.text, k.address, k.created_at
           from candidate_consents k
           where ${scopedSql('k', licenceId)} and k.candidate_id = ${candidateId} order by k.id`,
    files: sql`select f.id, f.name, f.media_type, f.size, f.is_cv, f.created_at, f.storage_key
           from candidate_files f
           where ${scopedSql('f', licenceId)} and f.candidate_id = ${candidateId} order by f.id`,
  };
  const read = {} as Record<keyof typeof lists, Row[]>;
  for (const [name, query] of Object.entries(lists)) read[name as keyof typeof lists] = await of(query);
  return { candidate, ...read };
}

export type CandidateRecords = NonNullable<Awaited<ReturnType<typeof candidateRecords>>>;
