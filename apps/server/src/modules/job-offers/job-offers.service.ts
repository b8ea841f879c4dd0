import type { JobOfferFields, NewJobOfferFields } from '@vivier/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  emailTemplates,
  jobApplications,
  jobOfferAssignedUsers,
  jobOffers,
  jobOfferTags,
  users,
} from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';
import { findCompany } from '../companies/companies.queries.ts';
import { findTag } from '../tags/tags.queries.ts';
import { assertCanCreateJobOffer, assertCanEditJobOffer } from './job-offer.policy.ts';
import { findJobOfferAccess } from './job-offers.queries.ts';
import { assertSalary, postingValues, publishingValues } from './job-posting.ts';

/** A body that names a record the licence does not have: the offer is fine, its reference is not. */
const invalidReference = (what: string) => new AppError('invalid_reference', `${what} not found`);

/** Every record the fields point at must belong to the caller's licence; nothing is written otherwise. */
async function assertReferences(db: Db, licenceId: number, fields: JobOfferFields) {
  if (fields.company_id != null && !(await findCompany(db, licenceId, fields.company_id))) {
    throw invalidReference('Company');
  }
  if (fields.email_template_id != null) {
    const [template] = await db
      .select({ id: emailTemplates.id })
      .from(emailTemplates)
      .where(and(scoped(emailTemplates, licenceId), eq(emailTemplates.id, fields.email_template_id)));
    if (!template) throw invalidReference('Email template');
  }
  const assigned = [...new Set(fields.assigned_users ?? [])];
  if (assigned.length > 0) {
    const found = await db
      .select({ id: users.id })
      .from(users)
      .where(and(scoped(users, licenceId), inArray(users.id, assigned)));
    const known = new Set(found.map((u) => u.id));
    const missing = assigned.find((id) => !known.has(id));
    if (missing !== undefined) throw invalidReference(`User ${missing}`);
  }
  return assigned;
}

/** Creates a job offer managed by the caller, with its assigned users, in one transaction; answers its id. */
export async function createJobOffer(db: Db, caller: Caller, fields: NewJobOfferFields) {
  assertCanCreateJobOffer(caller);
  const posting = await postingValues(fields);
  assertSalary({ salaryMin: null, salaryMax: null, salaryCurrency: null, ...posting });
  return db.transaction(async (tx) => {
    const assigned = await assertReferences(tx, caller.licenceId, fields);
    const [offer] = await tx
      .insert(jobOffers)
      .values({
        licenceId: caller.licenceId,
        name: fields.name,
        companyId: fields.company_id ?? null,
        userId: caller.userId,
        archived: fields.archived ?? false,
        emailTemplateId: fields.email_template_id ?? null,
        ...posting,
      })
      .returning({
        id: jobOffers.id,
        name: jobOffers.name,
        archived: jobOffers.archived,
        published: jobOffers.published,
        publicSlug: jobOffers.publicSlug,
      });
    if (!offer) throw new Error('The job offer was not created');
    const publishing = await publishingValues(tx, caller.licenceId, offer, fields.published);
    if (Object.keys(publishing).length > 0) {
      await tx.update(jobOffers).set(publishing).where(eq(jobOffers.id, offer.id));
    }
    if (assigned.length > 0) {
      await tx
        .insert(jobOfferAssignedUsers)
        .values(assigned.map((userId) => ({ jobOfferId: offer.id, userId })));
    }
    return offer.id;
  });
}

/** An offer the caller sees (else 404) and may change (else 403). */
async function editableJobOffer(db: Db, caller: Caller, jobOfferId: number) {
  const offer = await findJobOfferAccess(db, caller, jobOfferId);
  if (!offer) throw notFound('Job offer');
  assertCanEditJobOffer(caller, offer);
  return offer;
}

/**
 * Changes the given fields; `assigned_users` replaces the whole list. One transaction, which holds the offer's
 * row: publishing reads its name and state, and archiving unpublishes in the same write (decision 189).
 */
export async function updateJobOffer(db: Db, caller: Caller, jobOfferId: number, fields: JobOfferFields) {
  await editableJobOffer(db, caller, jobOfferId);
  const posting = await postingValues(fields);
  await db.transaction(async (tx) => {
    const assigned = await assertReferences(tx, caller.licenceId, fields);
    const [stored] = await tx
      .select()
      .from(jobOffers)
      .where(and(scoped(jobOffers, caller), eq(jobOffers.id, jobOfferId)))
      .for('update');
    if (!stored) throw notFound('Job offer');
    assertSalary({ ...stored, ...posting });
    const after = {
      ...stored,
      ...(fields.name !== undefined ? { name: fields.name } : {}),
      ...(fields.archived !== undefined ? { archived: fields.archived } : {}),
    };
    const publishing = await publishingValues(tx, caller.licenceId, after, fields.published);
    const [updated] = await tx
      .update(jobOffers)
      .set({
        ...(fields.name !== undefined ? { name: fields.name } : {}),
        ...(fields.company_id !== undefined ? { companyId: fields.company_id } : {}),
        ...(fields.archived !== undefined ? { archived: fields.archived } : {}),
        ...(fields.email_template_id !== undefined ? { emailTemplateId: fields.email_template_id } : {}),
        ...posting,
        ...publishing,
        updatedAt: new Date(),
      })
      .where(and(scoped(jobOffers, caller), eq(jobOffers.id, jobOfferId)))
      .returning({ id: jobOffers.id });
    if (!updated) throw notFound('Job offer');
    if (fields.assigned_users !== undefined) {
      await tx.delete(jobOfferAssignedUsers).where(eq(jobOfferAssignedUsers.jobOfferId, jobOfferId));
      if (assigned.length > 0) {
        await tx.insert(jobOfferAssignedUsers).values(assigned.map((userId) => ({ jobOfferId, userId })));
      }
    }
  });
}

/** Deletes a job offer and its job applications in one transaction; the candidates stay. */
export async function deleteJobOffer(db: Db, caller: Caller, jobOfferId: number) {
  await editableJobOffer(db, caller, jobOfferId);
  await db.transaction(async (tx) => {
    await tx
      .delete(jobApplications)
      .where(and(scoped(jobApplications, caller), eq(jobApplications.jobOfferId, jobOfferId)));
    await tx.delete(jobOffers).where(and(scoped(jobOffers, caller), eq(jobOffers.id, jobOfferId)));
  });
}

/** Attaches a tag of the licence to the offer; attaching it twice changes nothing. */
export async function attachTag(db: Db, caller: Caller, jobOfferId: number, tagId: number) {
  await editableJobOffer(db, caller, jobOfferId);
  if (!(await findTag(db, caller.licenceId, tagId))) throw notFound('Tag');
  await db.insert(jobOfferTags).values({ jobOfferId, tagId }).onConflictDoNothing();
}

/** Detaches a tag from the offer; detaching one that is not attached changes nothing. */
export async function detachTag(db: Db, caller: Caller, jobOfferId: number, tagId: number) {
  await editableJobOffer(db, caller, jobOfferId);
  if (!(await findTag(db, caller.licenceId, tagId))) throw notFound('Tag');
  await db
    .delete(jobOfferTags)
    .where(and(eq(jobOfferTags.jobOfferId, jobOfferId), eq(jobOfferTags.tagId, tagId)));
}
