import type { Db } from '../../db/database.ts';
import { candidateContacts, candidates, candidateTags } from '../../db/schema/index.ts';

/** A new candidate as create and import build it: the profile's fields, contacts and tag ids. */
export type CandidateDraft = {
  firstName: string | null;
  lastName: string | null;
  title: string | null;
  company: string | null;
  linkedinUrl: string | null;
  emails: string[];
  phones: string[];
  tagIds: number[];
};

/**
 * Why the new candidates are held (issue 24, decision 195): consent given on the apply form, or the legitimate
 * interest of the user who typed, imported or dropped them in (`by`).
 */
export type NewLegalBasis = { basis: 'consent' } | { basis: 'legitimate_interest'; by: number | null };

/**
 * The `contact_text` these contacts give (candidate-contact-text.ts builds the same from the rows): set at
 * insert, it spares rewriting every new row, and its trigram index entries, a second time.
 */
const contactText = (d: CandidateDraft) =>
  [...d.emails, ...d.phones.map((p) => `${p} ${p.replace(/[^0-9]/g, '')}`)].join(' ');

/**
 * Inserts candidates with their contacts (the first email and phone primary) and tags, keeping `tag_ids`
 * and `contact_text` in step, in a few multi-row statements whatever their number, each with its legal basis.
 * Run it in the caller's transaction; answers the new ids in the drafts' order.
 */
export async function insertCandidates(
  tx: Db,
  licenceId: number,
  drafts: CandidateDraft[],
  legalBasis: NewLegalBasis,
) {
  if (drafts.length === 0) return [];
  const rows = await tx
    .insert(candidates)
    .values(
      drafts.map((d) => ({
        licenceId,
        firstName: d.firstName,
        lastName: d.lastName,
        linkedinUrl: d.linkedinUrl,
        details: {
          ...(d.title ? { title: d.title } : {}),
          ...(d.company ? { experiences: [{ company: d.company }] } : {}),
        },
        tagIds: [...new Set(d.tagIds)],
        contactText: contactText(d),
        legalBasis: legalBasis.basis,
        legalBasisBy: legalBasis.basis === 'legitimate_interest' ? legalBasis.by : null,
      })),
    )
    // PostgreSQL answers RETURNING in the order of the VALUES rows.
    .returning({ id: candidates.id });
  const ids = rows.map((r) => r.id);
  const contacts = drafts.flatMap((d, i) => {
    const candidateId = ids[i] as number;
    return [
      ...d.emails.map((value, n) => ({ kind: 'email' as const, value, isPrimary: n === 0 })),
      ...d.phones.map((value, n) => ({ kind: 'phone' as const, value, isPrimary: n === 0 })),
    ].map((c) => ({ ...c, licenceId, candidateId }));
  });
  if (contacts.length > 0) await tx.insert(candidateContacts).values(contacts);
  const links = drafts.flatMap((d, i) =>
    [...new Set(d.tagIds)].map((tagId) => ({ candidateId: ids[i] as number, tagId })),
  );
  if (links.length > 0) await tx.insert(candidateTags).values(links);
  return ids;
}
