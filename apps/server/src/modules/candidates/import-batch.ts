import type { ImportRowReason, ImportRowReport } from '@vivier/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  type CandidateDetails,
  candidateContacts,
  candidates,
  candidateTags,
  licences,
} from '../../db/schema/index.ts';
import { scoped, scopedSql } from '../../db/tenant-scope.ts';
import type { Caller } from '../../http/caller.ts';
import { recordEvents } from '../activity/activity.service.ts';
import { byCaller, recordAudit } from '../audit/audit.service.ts';
import { spendCredits } from '../licence/credits.ts';
import { CANDIDATE_CREDIT_REASON, phoneKey, uniqueValues } from './candidate-create.service.ts';
import { lockCandidateCreation } from './candidate-creation-lock.ts';
import { candidatesByEmail, emailKey } from './candidate-emails.ts';
import { type CandidateDraft, insertCandidates } from './candidate-insert.ts';
import { lockCandidates } from './candidate-lock.ts';
import { touchCandidates } from './candidates.queries.ts';
import { reasonFields } from './import-reasons.ts';
import type { ImportedRow } from './import-row.ts';
import type { ImportTags } from './import-tags.ts';

/** A candidate made or completed by rows of the file; `notes` are what the rows left out, one per kind. */
type Group = { draft: CandidateDraft; rows: ImportedRow[]; notes: Map<string, ImportRowReason> };

/** What one row brings to a candidate, tags as ids. */
function draftOf(row: ImportedRow, tagIds: number[]): CandidateDraft {
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    title: row.title,
    company: row.company,
    linkedinUrl: row.linkedinUrl,
    emails: uniqueValues(row.emails, emailKey),
    phones: uniqueValues(row.phones, phoneKey),
    tagIds,
  };
}

/** Merge rule: fields already set stay; contacts and tags are added. */
function mergeDrafts(into: CandidateDraft, from: CandidateDraft) {
  into.firstName ??= from.firstName;
  into.lastName ??= from.lastName;
  into.title ??= from.title;
  into.company ??= from.company;
  into.linkedinUrl ??= from.linkedinUrl;
  into.emails = uniqueValues([...into.emails, ...from.emails], emailKey);
  into.phones = uniqueValues([...into.phones, ...from.phones], phoneKey);
  into.tagIds = [...new Set([...into.tagIds, ...from.tagIds])];
}

/**
 * Writes one batch of rows in ONE transaction (a failure leaves none of it): rows whose email a candidate of
 * the licence has merge into it, rows sharing an email with an earlier row of the batch merge into that new
 * candidate, the others create candidates while credits last (one each, decision 004), the rest are refused.
 * Answers one report per row.
 */
export async function writeImportBatch(
  db: Db,
  caller: Caller,
  rows: ImportedRow[],
  tagResolver: ImportTags,
  fileName: string | null = null,
): Promise<ImportRowReport[]> {
  const licenceId = caller.licenceId;
  return db.transaction(async (tx) => {
    await lockCandidateCreation(tx, licenceId);
    const notCreated = await tagResolver.resolve(
      tx,
      rows.flatMap((r) => r.tagNames),
    );
    const existing = await candidatesByEmail(
      tx,
      licenceId,
      rows.flatMap((r) => r.emails),
    );

    const merges = new Map<number, Group>();
    const creations: Group[] = [];
    type Target = { existing: number } | { group: Group };
    // Where a row with this email goes: a candidate of the licence, or a new one of this batch.
    const route = new Map<string, Target>([...existing].map(([key, id]) => [key, { existing: id }]));
    const targetOf = new Map<ImportedRow, Target>();
    for (const row of rows) {
      const tagIds = row.tagNames.flatMap((name) => tagResolver.idOf(name) ?? []);
      const draft = draftOf(row, tagIds);
      const keys = draft.emails.map(emailKey);
      const target: Target = keys.map((k) => route.get(k)).find((r) => r !== undefined) ?? {
        group: { draft: { ...draft, emails: [], phones: [], tagIds: [] }, rows: [], notes: new Map() },
      };
      let group: Group;
      if ('existing' in target) {
        group = merges.get(target.existing) ?? {
          draft: { ...draft, emails: [], phones: [], tagIds: [] },
          rows: [],
          notes: new Map(),
        };
        merges.set(target.existing, group);
      } else {
        group = target.group;
        if (group.rows.length === 0) creations.push(group);
      }
      mergeDrafts(group.draft, draft);
      group.rows.push(row);
      targetOf.set(row, target);
      for (const key of keys) if (!route.has(key)) route.set(key, target);
      const missingTags = row.tagNames.filter((name) => notCreated.has(name.toLowerCase()));
      if (missingTags.length > 0) {
        const value = missingTags.join(', ');
        group.notes.set(`tags_not_created:${value}`, { code: 'tags_not_created', value });
      }
    }

    // Credits: as many new candidates as are left, in file order (the licence row is locked meanwhile).
    const [licence] = await tx
      .select({ left: sql<number>`${licences.creditsMax} - ${licences.creditsUsed}` })
      .from(licences)
      .where(eq(licences.id, licenceId))
      .for('update');
    const affordable = creations.slice(0, Math.max(0, licence?.left ?? 0));
    const refused = new Set(creations.slice(affordable.length));
    if (affordable.length > 0) {
      await spendCredits(tx, {
        licenceId,
        userId: caller.userId,
        amount: affordable.length,
        reason: CANDIDATE_CREDIT_REASON,
      });
    }
    const ids = await insertCandidates(
      tx,
      licenceId,
      affordable.map((g) => g.draft),
      { basis: 'legitimate_interest', by: caller.userId },
    );
    const createdId = new Map(affordable.map((g, i) => [g, ids[i] as number]));
    await mergeIntoCandidates(tx, licenceId, merges);
    // The timeline (issue 21): how each candidate came, and which file completed those it merged into.
    const file = fileName ?? null;
    await recordEvents(tx, licenceId, [
      ...ids.map((candidateId) => ({
        candidateId,
        kind: 'created' as const,
        actorId: caller.userId,
        data: { how: 'import', file },
      })),
      ...[...merges.keys()].map((candidateId) => ({
        candidateId,
        kind: 'imported' as const,
        actorId: caller.userId,
        data: { file },
      })),
    ]);
    // The audit log (decision 192): one entry per batch, in its transaction, with counts only.
    await recordAudit(tx, {
      ...byCaller(caller),
      action: 'candidate.import',
      details: { rows: rows.length, created: ids.length, merged: merges.size },
    });

    return rows.map((row): ImportRowReport => {
      const target = targetOf.get(row);
      if (!target)
        return {
          row: row.row,
          outcome: 'rejected',
          candidate_id: null,
          ...reasonFields([{ code: 'not_saved' }]),
        };
      if ('existing' in target) {
        const notes = [...(merges.get(target.existing)?.notes.values() ?? [])];
        return { row: row.row, outcome: 'merged', candidate_id: target.existing, ...reasonFields(notes) };
      }
      if (refused.has(target.group)) {
        return {
          row: row.row,
          outcome: 'rejected',
          candidate_id: null,
          ...reasonFields([{ code: 'no_credits' }]),
        };
      }
      const first = target.group.rows[0] === row;
      return {
        row: row.row,
        outcome: first ? 'created' : 'merged',
        candidate_id: createdId.get(target.group) ?? null,
        ...reasonFields([...target.group.notes.values()]),
      };
    });
  });
}

/**
 * Adds to existing candidates what the file brings: names, title, company and LinkedIn only where empty;
 * contacts and tags they lack. Then touches them (a merge is news about the candidate, SPEC section 9).
 */
async function mergeIntoCandidates(tx: Db, licenceId: number, merges: Map<number, Group>) {
  if (merges.size === 0) return;
  const ids = [...merges.keys()];
  // The candidates first, by id (the lock order of candidate-lock.ts).
  await lockCandidates(tx, licenceId, ids);
  const current = await tx
    .select({ id: candidates.id, details: candidates.details })
    .from(candidates)
    .where(and(scoped(candidates, licenceId), inArray(candidates.id, ids)));
  const contacts = await tx
    .select({
      candidateId: candidateContacts.candidateId,
      kind: candidateContacts.kind,
      value: candidateContacts.value,
    })
    .from(candidateContacts)
    .where(
      and(
        scoped(candidateContacts, licenceId),
        inArray(candidateContacts.candidateId, ids),
        sql`${candidateContacts.deletedAt} is null`,
      ),
    );
  const newContacts: (typeof candidateContacts.$inferInsert)[] = [];
  const newTags: { candidateId: number; tagId: number }[] = [];
  const updates: {
    id: number;
    first_name: string | null;
    last_name: string | null;
    linkedin_url: string | null;
    details: CandidateDetails;
    tag_ids: number[];
  }[] = [];
  for (const row of current) {
    const { draft } = merges.get(row.id) as Group;
    const has = (kind: 'email' | 'phone', key: (v: string) => string) =>
      new Set(contacts.filter((c) => c.candidateId === row.id && c.kind === kind).map((c) => key(c.value)));
    const emails = has('email', emailKey);
    const phones = has('phone', phoneKey);
    for (const value of draft.emails) {
      if (!emails.has(emailKey(value)))
        newContacts.push({ licenceId, candidateId: row.id, kind: 'email', value });
    }
    for (const value of draft.phones) {
      if (!phones.has(phoneKey(value)))
        newContacts.push({ licenceId, candidateId: row.id, kind: 'phone', value });
    }
    for (const tagId of draft.tagIds) newTags.push({ candidateId: row.id, tagId });
    const details = { ...row.details };
    if (!details.title && draft.title) details.title = draft.title;
    if (!details.experiences?.length && draft.company) details.experiences = [{ company: draft.company }];
    updates.push({
      id: row.id,
      first_name: draft.firstName,
      last_name: draft.lastName,
      linkedin_url: draft.linkedinUrl,
      details,
      tag_ids: draft.tagIds,
    });
  }
  // Every merged candidate in one statement: the new values travel as one JSON array.
  await tx.execute(sql`
    update candidates c set
      first_name = coalesce(c.first_name, v.first_name),
      last_name = coalesce(c.last_name, v.last_name),
      linkedin_url = coalesce(c.linkedin_url, v.linkedin_url),
      details = v.details,
      tag_ids = array(select distinct t from unnest(c.tag_ids || v.tag_ids) t order by t)
    from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb)
      as v(id int, first_name text, last_name text, linkedin_url text, details jsonb, tag_ids int[])
    where c.id = v.id and ${scopedSql('c', licenceId)}`);
  if (newContacts.length > 0) await tx.insert(candidateContacts).values(newContacts);
  if (newTags.length > 0) await tx.insert(candidateTags).values(newTags).onConflictDoNothing();
  await touchCandidates(tx, licenceId, ids);
}
