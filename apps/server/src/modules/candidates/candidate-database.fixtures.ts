import { candidateContacts, candidates, candidateTags, tags } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/harness.ts';
import { refreshContactText } from './candidate-contact-text.ts';

export type CandidateSeed = {
  firstName?: string;
  lastName?: string;
  manual?: { firstName?: string; lastName?: string; title?: string };
  title?: string;
  emails?: string[];
  phones?: string[];
  tagIds?: number[];
  /** Minutes ago; candidates sort by `updated_at`, newest first. */
  minutesAgo?: number;
};

/** Inserts a candidate as the database holds one: row, contacts (the first of each kind primary) and tags. */
export async function seedCandidate(t: TestApp, licenceId: number, seed: CandidateSeed) {
  const tagIds = seed.tagIds ?? [];
  const [row] = await t.db
    .insert(candidates)
    .values({
      licenceId,
      firstName: seed.firstName ?? null,
      lastName: seed.lastName ?? null,
      manualData: seed.manual ?? {},
      details: seed.title ? { title: seed.title } : {},
      tagIds,
      updatedAt: new Date(Date.now() - (seed.minutesAgo ?? 0) * 60_000),
    })
    .returning({ id: candidates.id });
  if (!row) throw new Error('no candidate');
  const contacts = [
    ...(seed.emails ?? []).map((value, i) => ({ kind: 'email' as const, value, isPrimary: i === 0 })),
    ...(seed.phones ?? []).map((value, i) => ({ kind: 'phone' as const, value, isPrimary: i === 0 })),
  ];
  if (contacts.length > 0) {
    await t.db
      .insert(candidateContacts)
      .values(contacts.map((c) => ({ ...c, licenceId, candidateId: row.id })));
    await refreshContactText(t.db, licenceId, [row.id]);
  }
  if (tagIds.length > 0) {
    await t.db.insert(candidateTags).values(tagIds.map((tagId) => ({ candidateId: row.id, tagId })));
  }
  return row.id;
}

/** Creates tags of a licence by name and answers their ids in the same order. */
export async function seedTags(t: TestApp, licenceId: number, names: string[]) {
  const rows = await t.db
    .insert(tags)
    .values(names.map((name) => ({ licenceId, name })))
    .returning({ id: tags.id });
  return rows.map((r) => r.id);
}
