import { type ContactKind, contactKey } from '@vivier/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { candidateContacts } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';
import { recordEvents } from '../activity/activity.service.ts';
import { phoneKey } from './candidate-create.service.ts';
import { lockCandidate } from './candidate-lock.ts';
import { touchCandidates } from './candidates.queries.ts';

type Contact = { kind: ContactKind; value: string };

/** Every contact of one kind of a locked candidate, deleted ones included, oldest first. */
function contactsOf(tx: Db, candidateId: number, kind: ContactKind) {
  return tx
    .select({
      id: candidateContacts.id,
      value: candidateContacts.value,
      isPrimary: candidateContacts.isPrimary,
      deleted: sql<boolean>`${candidateContacts.deletedAt} is not null`,
    })
    .from(candidateContacts)
    .where(and(eq(candidateContacts.candidateId, candidateId), eq(candidateContacts.kind, kind)))
    .orderBy(asc(candidateContacts.createdAt), asc(candidateContacts.id));
}

/**
 * Runs a contact change on a locked candidate and bumps its `updated_at`, in one transaction; the change
 * gets the candidate's contacts of the kind and which of them is in use with the same value as `contact`.
 */
function withContacts(
  db: Db,
  caller: Caller,
  candidateId: number,
  contact: Contact,
  change: (
    tx: Db,
    contacts: Awaited<ReturnType<typeof contactsOf>>,
    same: Awaited<ReturnType<typeof contactsOf>>,
  ) => Promise<boolean>,
  kind: 'contact_added' | 'contact_removed' | 'contact_made_primary',
) {
  return db.transaction(async (tx) => {
    await lockCandidate(tx, caller.licenceId, candidateId);
    const contacts = await contactsOf(tx, candidateId, contact.kind);
    const key = contactKey(contact.kind, contact.value);
    const same = contacts.filter((c) => contactKey(contact.kind, c.value) === key);
    const changed = await change(tx, contacts, same);
    await touchCandidates(tx, caller.licenceId, [candidateId]);
    if (changed) {
      await recordEvents(tx, caller.licenceId, [
        { candidateId, kind, actorId: caller.userId, data: { type: contact.kind, value: contact.value } },
      ]);
    }
  });
}

const setContact = (tx: Db, id: number, values: Partial<typeof candidateContacts.$inferInsert>) =>
  tx.update(candidateContacts).set(values).where(eq(candidateContacts.id, id));

/**
 * Adds an e-mail or phone a user typed (SPEC section 5; the value is already validated). One the candidate
 * has in use is a 409; one they had deleted comes back. The first contact in use of its kind is the primary.
 */
export function addContact(db: Db, caller: Caller, candidateId: number, contact: Contact) {
  return withContacts(
    db,
    caller,
    candidateId,
    contact,
    async (tx, contacts, same) => {
      if (same.some((c) => !c.deleted)) throw conflict(`The candidate already has this ${contact.kind}`);
      const isPrimary = !contacts.some((c) => c.isPrimary && !c.deleted);
      const deleted = same[0];
      if (deleted) {
        await setContact(tx, deleted.id, { deletedAt: null, isPrimary });
        return true;
      }
      await tx.insert(candidateContacts).values({
        licenceId: caller.licenceId,
        candidateId,
        kind: contact.kind,
        value: contact.value,
        isPrimary,
        source: 'added',
      });
      return true;
    },
    'contact_added',
  );
}

/**
 * Deletes a contact in use: it is kept with `deleted_at` (the candidate's deleted lists, SPEC section 3).
 * Deleting the primary one makes the oldest remaining contact of its kind primary.
 */
export function deleteContact(db: Db, caller: Caller, candidateId: number, contact: Contact) {
  return withContacts(
    db,
    caller,
    candidateId,
    contact,
    async (tx, contacts, same) => {
      const target = same.find((c) => !c.deleted);
      if (!target) throw notFound('Contact');
      await setContact(tx, target.id, { deletedAt: new Date(), isPrimary: false });
      const heir = contacts.find((c) => !c.deleted && c.id !== target.id);
      if (target.isPrimary && heir) await setContact(tx, heir.id, { isPrimary: true });
      return true;
    },
    'contact_removed',
  );
}

/** Makes a contact in use the primary one of its kind (the candidate's `email` / `phone`). */
export function setPrimaryContact(db: Db, caller: Caller, candidateId: number, contact: Contact) {
  return withContacts(
    db,
    caller,
    candidateId,
    contact,
    async (tx, contacts, same) => {
      const target = same.find((c) => !c.deleted);
      if (!target) throw notFound('Contact');
      if (target.isPrimary) return false;
      // The old primary first: at most one primary per kind is a unique index.
      for (const c of contacts.filter((c) => c.isPrimary)) await setContact(tx, c.id, { isPrimary: false });
      await setContact(tx, target.id, { isPrimary: true });
      return true;
    },
    'contact_made_primary',
  );
}

/**
 * Adds a phone a known candidate gave again (an application through the careers page, issue 23) when they have
 * no such phone in use; a deleted one comes back. The first in use is the primary. Takes the candidate's lock,
 * as a user's contact change does; answers whether it was added.
 */
export async function addGivenPhone(tx: Db, licenceId: number, candidateId: number, phone: string) {
  if (!phone.trim()) return false;
  await lockCandidate(tx, licenceId, candidateId);
  const contacts = await contactsOf(tx, candidateId, 'phone');
  const same = contacts.filter((c) => phoneKey(c.value) === phoneKey(phone));
  if (same.some((c) => !c.deleted)) return false;
  const isPrimary = !contacts.some((c) => c.isPrimary && !c.deleted);
  const deleted = same[0];
  if (deleted) await setContact(tx, deleted.id, { deletedAt: null, isPrimary });
  else {
    await tx
      .insert(candidateContacts)
      .values({ licenceId, candidateId, kind: 'phone', value: phone, isPrimary, source: 'added' });
  }
  return true;
}
