import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import {
  apiTokens,
  candidateContacts,
  candidateEmails,
  candidateErasures,
  candidateFiles,
  candidateNotes,
  candidates,
  candidateTags,
  careersSites,
  companies,
  emailSends,
  emailTemplates,
  interviewInterviewers,
  interviews,
  jobApplications,
  jobOfferAssignedUsers,
  jobOffers,
  jobOfferTags,
  notifications,
  privacyRequests,
  savedSearches,
  scorecardCriteria,
  scorecards,
  settings,
  statuses,
  tags,
  userClientData,
  users,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from '../db/schema/index.ts';
import { newStorageKey } from '../modules/candidate-files/file-store.ts';
import type { TestApp } from './harness.ts';

/** The records of one licence that the security tests aim at, by resource. */
export type TenantRecords = {
  licenceId: number;
  adminEmail: string;
  userEmail: string;
  ids: Record<TenantResource, number>;
  /** The licence's careers site (issue 23): its slug, its published offer's address and an unpublished one's. */
  careers: { slug: string; published: string; unpublished: string };
};

export type TenantResource =
  | 'user'
  | 'company'
  | 'tag'
  | 'status'
  | 'setting'
  | 'emailTemplate'
  | 'jobOffer'
  | 'candidate'
  | 'application'
  | 'emailSend'
  | 'candidateEmail'
  | 'note'
  | 'notification'
  | 'candidateFile'
  | 'candidateErasure'
  | 'privacyRequest'
  | 'apiToken'
  | 'webhook'
  | 'webhookDelivery'
  | 'interview'
  | 'scorecardCriterion'
  | 'savedSearch';

async function one<T>(rows: Promise<T[]>): Promise<T> {
  const [row] = await rows;
  if (!row) throw new Error('insert returned nothing');
  return row;
}

/**
 * A licence with one record of every kind, each named with `marker` so a response that leaks it is found by
 * searching its text. Written straight to the database, so the tests do not depend on the routes they check.
 */
export async function tenantWithData(t: TestApp, marker: string): Promise<TenantRecords> {
  const { licence } = await t.licence({ name: `${marker} organisation` });
  const db: Db = t.db;
  const licenceId = licence.id;
  const slug = marker.toLowerCase();
  const adminEmail = `admin@${slug}.test`;
  const userEmail = `user@${slug}.test`;
  // t.licence names its admin admin@orgN.test: rename it so the marker is in its email.
  const admin = await one(
    db
      .update(users)
      .set({ email: adminEmail, firstName: marker, lastName: marker })
      .where(eq(users.licenceId, licenceId))
      .returning(),
  );
  const user = await t.user(licenceId, userEmail);
  await db.insert(userClientData).values({ userId: user.id, licenceId, sfId: `${marker}-sf` });

  const company = await one(
    db
      .insert(companies)
      .values({ licenceId, name: `${marker} company` })
      .returning(),
  );
  const tag = await one(
    db
      .insert(tags)
      .values({ licenceId, name: `${marker} tag` })
      .returning(),
  );
  const status = await one(
    db.select().from(statuses).where(eq(statuses.licenceId, licenceId)).orderBy(statuses.index).limit(1),
  );
  const setting = await one(db.select().from(settings).where(eq(settings.licenceId, licenceId)).limit(1));
  const emailTemplate = await one(
    db
      .insert(emailTemplates)
      .values({
        licenceId,
        name: `${marker} template`,
        subject: `${marker} subject`,
        content: `<p>${marker}</p>`,
      })
      .returning(),
  );
  const jobOffer = await one(
    db
      .insert(jobOffers)
      .values({
        licenceId,
        name: `${marker} offer`,
        companyId: company.id,
        userId: admin.id,
        emailTemplateId: emailTemplate.id,
        // On the careers site (issue 23): what the public scope may show of the licence.
        description: `<p>${marker} description</p>`,
        published: true,
        publicSlug: `${slug}-offer`,
        publishedAt: new Date(),
      })
      .returning(),
  );
  await db.insert(careersSites).values({ licenceId, slug, intro: `${marker} introduction` });
  // An offer the careers site must never show, nor say exists.
  await db.insert(jobOffers).values({
    licenceId,
    name: `${marker} unpublished secret`,
    userId: admin.id,
    description: `<p>${marker} unpublished secret</p>`,
    publicSlug: `${slug}-draft`,
  });
  await db.insert(jobOfferAssignedUsers).values({ jobOfferId: jobOffer.id, userId: user.id });
  await db.insert(jobOfferTags).values({ jobOfferId: jobOffer.id, tagId: tag.id });
  const candidate = await one(
    db
      .insert(candidates)
      .values({
        licenceId,
        firstName: marker,
        lastName: `${marker} candidate`,
        details: { title: `${marker} title` },
        tagIds: [tag.id],
      })
      .returning(),
  );
  await db.insert(candidateTags).values({ candidateId: candidate.id, tagId: tag.id });
  await db.insert(candidateContacts).values([
    { licenceId, candidateId: candidate.id, kind: 'email', value: `${slug}@candidate.test`, isPrimary: true },
    { licenceId, candidateId: candidate.id, kind: 'phone', value: '+33 6 00 00 00 00', isPrimary: true },
  ]);
  const application = await one(
    db
      .insert(jobApplications)
      .values({ licenceId, candidateId: candidate.id, jobOfferId: jobOffer.id, statusId: status.id })
      .returning(),
  );
  // A send of the offer's template (its recipients' rows are not needed to be found, or not).
  const emailSend = await one(
    db
      .insert(emailSends)
      .values({
        licenceId,
        jobOfferId: jobOffer.id,
        senderId: admin.id,
        subject: `${marker} subject`,
        html: `<p>${marker}</p>`,
        text: marker,
      })
      .returning(),
  );
  // Candidate activity (issue 21): a message recorded on the candidate, a note, and the user's notification.
  const candidateEmail = await one(
    db
      .insert(candidateEmails)
      .values({
        licenceId,
        candidateId: candidate.id,
        jobOfferId: jobOffer.id,
        senderId: admin.id,
        senderEmail: adminEmail,
        recipient: `${slug}@candidate.test`,
        subject: `${marker} subject`,
        content: `<p>${marker}</p>`,
      })
      .returning(),
  );
  const note = await one(
    db
      .insert(candidateNotes)
      .values({ licenceId, candidateId: candidate.id, authorId: admin.id, content: `<p>${marker} note</p>` })
      .returning(),
  );
  const notification = await one(
    db
      .insert(notifications)
      .values({ licenceId, userId: user.id, kind: 'mention', candidateId: candidate.id, noteId: note.id })
      .returning(),
  );
  // A file on the candidate (issue 22): its row only; the store is not what isolation is about.
  const candidateFile = await one(
    db
      .insert(candidateFiles)
      .values({
        licenceId,
        candidateId: candidate.id,
        uploaderId: admin.id,
        name: `${marker}.txt`,
        storageKey: newStorageKey(),
        mediaType: 'text/plain',
        size: 1,
      })
      .returning(),
  );
  // Issue 24: a bulk erasure's progress (of no candidate yet) and a person's request, open.
  const candidateErasure = await one(
    db
      .insert(candidateErasures)
      .values({ licenceId, requestedBy: admin.id, candidateIds: [], total: 0 })
      .returning(),
  );
  const privacyRequest = await one(
    db
      .insert(privacyRequests)
      .values({
        licenceId,
        candidateId: candidate.id,
        kind: 'access',
        state: 'open',
        tokenExpiresAt: new Date(),
        confirmedAt: new Date(),
        dueAt: new Date(Date.now() + 30 * 86_400_000),
      })
      .returning(),
  );
  // Issue 25: an API token of the admin's (its hash of nothing real).
  const apiToken = await one(
    db
      .insert(apiTokens)
      .values({
        licenceId,
        createdBy: admin.id,
        name: `${marker} token`,
        prefix: 'viv_tenant00',
        hash: `tenant-${licenceId}-${Date.now()}`,
        scopes: ['candidates:read'],
      })
      .returning(),
  );
  // Issue 25: a webhook endpoint (its secret sealed under no key) with one delivery of a test event.
  const webhook = await one(
    db
      .insert(webhookEndpoints)
      .values({
        licenceId,
        url: `https://${marker.toLowerCase()}.example.test/hook`,
        description: `${marker} webhook`,
        eventTypes: ['candidate.created'],
        sealedSecret: 'none',
      })
      .returning(),
  );
  const webhookEvent = await one(
    db
      .insert(webhookEvents)
      .values({ licenceId, type: 'webhook.test', snapshot: { marker }, fannedOut: true })
      .returning(),
  );
  const webhookDelivery = await one(
    db
      .insert(webhookDeliveries)
      .values({
        licenceId,
        endpointId: webhook.id,
        eventId: webhookEvent.id,
        state: 'failed',
        lastExcerpt: `${marker} answer`,
      })
      .returning(),
  );
  // Issue 27: an interview of the application (the admin and the user interview), a criterion, a scorecard.
  const interview = await one(
    db
      .insert(interviews)
      .values({
        licenceId,
        jobApplicationId: application.id,
        organiserId: admin.id,
        startsAt: new Date(Date.now() + 7 * 86_400_000),
        durationMinutes: 45,
        timeZone: 'Europe/Paris',
        candidateTimeZone: 'Europe/Paris',
        kind: 'video',
        location: `https://meet.example.test/${marker}`,
        uid: `${marker}-${licenceId}-${Date.now()}@vivier`,
      })
      .returning(),
  );
  await db.insert(interviewInterviewers).values([
    { interviewId: interview.id, userId: admin.id, licenceId },
    { interviewId: interview.id, userId: user.id, licenceId },
  ]);
  const scorecardCriterion = await one(
    db
      .insert(scorecardCriteria)
      .values({ licenceId, jobOfferId: jobOffer.id, name: `${marker} criterion`, position: 0 })
      .returning(),
  );
  await db
    .insert(scorecards)
    .values({ licenceId, interviewId: interview.id, userId: user.id, rating: 3, notes: `${marker} notes` });
  // Issue 28: a search the admin saved and shared with the licence.
  const savedSearch = await one(
    db
      .insert(savedSearches)
      .values({ licenceId, ownerId: admin.id, name: `${marker} saved search`, shared: true, search: marker })
      .returning(),
  );
  return {
    licenceId,
    adminEmail,
    userEmail,
    ids: {
      user: user.id,
      company: company.id,
      tag: tag.id,
      status: status.id,
      setting: setting.id,
      emailTemplate: emailTemplate.id,
      jobOffer: jobOffer.id,
      candidate: candidate.id,
      application: application.id,
      emailSend: emailSend.id,
      candidateEmail: candidateEmail.id,
      note: note.id,
      notification: notification.id,
      candidateFile: candidateFile.id,
      candidateErasure: candidateErasure.id,
      privacyRequest: privacyRequest.id,
      apiToken: apiToken.id,
      webhook: webhook.id,
      webhookDelivery: webhookDelivery.id,
      interview: interview.id,
      scorecardCriterion: scorecardCriterion.id,
      savedSearch: savedSearch.id,
    },
    careers: { slug, published: `${slug}-offer`, unpublished: `${slug}-draft` },
  };
}
