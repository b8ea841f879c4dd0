import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import {
  candidateConsents,
  candidateContacts,
  candidateDrafts,
  candidateEmails,
  candidateEvents,
  candidateFiles,
  candidateNotes,
  candidates,
  candidateTags,
  jobApplications,
  jobOffers,
  notifications,
  tags,
} from '../../db/schema/index.ts';
import { createMailer } from '../../mail/mailer.ts';
import type { TestApp } from '../../test/harness.ts';
import { fileStoreFor } from '../candidate-files/candidate-files.service.ts';

/** What a person leaves in Vivier, as the scan looks for it after their erasure (issue 24, "Done when"). */
export const PERSON = {
  firstName: 'Zéphyrine',
  lastName: 'Quastelbaum',
  emails: ['zephyrine.q@example.org', 'zq-private@example.net'],
  phones: ['+33 6 12 34 56 78', '0699887766'],
  cvWords: ['xylophonist', 'quokkaborne'],
  linkedin: 'https://www.linkedin.com/in/zquastelbaum',
  address: '203.0.113.77',
};

/** Every string the scan must not find: names (as typed and as the search folds them), contacts, CV words. */
export const NEEDLES = [
  PERSON.firstName,
  'zephyrine',
  PERSON.lastName,
  ...PERSON.emails,
  ...PERSON.phones,
  '33612345678',
  ...PERSON.cvWords,
  'zquastelbaum',
  PERSON.address,
];

/**
 * Seeds one candidate with everything Vivier can hold about a person: profile, contacts, a tag, a note that
 * mentions a user, events, a CV with its text and object, an application with answers and consent, a sent
 * email, a pending recipient, a draft from their CV, a queued confirmation mail and a mail in the outbox.
 */
export async function seedPerson(
  t: TestApp,
  licenceId: number,
  userId: number,
): Promise<{ candidateId: number; applicationId: number; keys: string[] }> {
  const full = `${PERSON.firstName} ${PERSON.lastName}`;
  const [candidate] = await t.db
    .insert(candidates)
    .values({
      licenceId,
      firstName: PERSON.firstName,
      lastName: PERSON.lastName,
      linkedinUrl: PERSON.linkedin,
      details: { title: `Chief ${PERSON.cvWords[0]}`, skills: [PERSON.cvWords[1] ?? ''] },
      manualData: { firstName: PERSON.firstName, lastName: PERSON.lastName },
      socialNetworks: [{ type: 'linkedin', value: PERSON.linkedin }],
      contactText: [...PERSON.emails, ...PERSON.phones, '33612345678'].join(' '),
    })
    .returning({ id: candidates.id });
  if (!candidate) throw new Error('no candidate');
  const candidateId = candidate.id;
  await t.db.insert(candidateContacts).values([
    ...PERSON.emails.map((value, i) => ({
      licenceId,
      candidateId,
      kind: 'email' as const,
      value,
      isPrimary: i === 0,
    })),
    ...PERSON.phones.map((value, i) => ({
      licenceId,
      candidateId,
      kind: 'phone' as const,
      value,
      isPrimary: i === 0,
    })),
  ]);
  const [tag] = await t.db
    .insert(tags)
    .values({ licenceId, name: 'Erasure scan' })
    .returning({ id: tags.id });
  if (tag) await t.db.insert(candidateTags).values({ candidateId, tagId: tag.id });
  const [offer] = await t.db
    .insert(jobOffers)
    .values({ licenceId, name: 'Erasure offer', userId })
    .returning({ id: jobOffers.id });
  if (!offer) throw new Error('no offer');
  const [application] = await t.db
    .insert(jobApplications)
    .values({
      licenceId,
      candidateId,
      jobOfferId: offer.id,
      source: 'careers_page',
      comment: `Met ${full} at the fair`,
      answers: [{ question_id: 1, label: 'Why us?', answer: `I am ${full}, a ${PERSON.cvWords[0]}` }],
    })
    .returning({ id: jobApplications.id });
  if (!application) throw new Error('no application');
  await t.db.insert(candidateConsents).values({
    licenceId,
    candidateId,
    jobApplicationId: application.id,
    text: 'I agree that my data is kept for two years.',
    address: PERSON.address,
  });
  const [note] = await t.db
    .insert(candidateNotes)
    .values({
      licenceId,
      candidateId,
      authorId: userId,
      content: `<p>Called ${full} on ${PERSON.phones[0]}: great ${PERSON.cvWords[1]}</p>`,
      mentions: [userId],
    })
    .returning({ id: candidateNotes.id });
  await t.db
    .insert(notifications)
    .values({ licenceId, userId, kind: 'mention', candidateId, noteId: note?.id });
  await t.db.insert(candidateEvents).values([
    { licenceId, candidateId, kind: 'contact_added', data: { type: 'email', value: PERSON.emails[1] } },
    {
      licenceId,
      candidateId,
      kind: 'profile_edited',
      data: { changes: [{ field: 'last_name', before: 'Q', after: PERSON.lastName }] },
    },
    {
      licenceId,
      candidateId,
      jobApplicationId: application.id,
      jobOfferId: offer.id,
      kind: 'status_changed',
      data: { to: { id: 1, name: 'Rejected' }, reason_text: `${PERSON.firstName} wants more` },
    },
  ]);
  await t.db.insert(candidateEmails).values({
    licenceId,
    candidateId,
    jobOfferId: offer.id,
    senderId: userId,
    senderEmail: 'admin@org.test',
    recipient: PERSON.emails[0] ?? '',
    subject: `Hello ${PERSON.firstName}`,
    content: `<p>Dear ${full}, about your ${PERSON.cvWords[0]} work</p>`,
  });
  // Kept out of retention with a reason that names them (decision 195).
  await t.db.execute(
    sql`insert into retention_exclusions (licence_id, candidate_id, reason, user_id)
        values (${licenceId}, ${candidateId}, ${`${full} is our next hire`}, ${userId})`,
  );
  // A send with this candidate still pending.
  await t.db.execute(
    sql`with s as (insert into email_sends (licence_id, job_offer_id, sender_id, subject, html, text)
                   values (${licenceId}, ${offer.id}, ${userId}, 'Hi {{first_name}}', '<p>Hi</p>', 'Hi') returning id)
        insert into email_send_recipients (send_id, candidate_id, position, email)
        select id, ${candidateId}, 0, ${PERSON.emails[0]} from s`,
  );
  // The send's job, refused once by the mail server, which quoted the address.
  await t.db.execute(
    sql`insert into jobs (kind, payload, max_attempts, run_at, last_error)
        select 'email.send', jsonb_build_object('sendId', s.id), 5, now() + interval '1 day',
               ${`550 5.1.1 <${PERSON.emails[0]}>: mailbox unavailable`}
        from email_sends s where s.licence_id = ${licenceId}`,
  );
  // The CV: its object in the store, its text read.
  const store = fileStoreFor(t.config);
  const keys = [randomBytes(16).toString('hex'), randomBytes(16).toString('hex')];
  const cvText = `${full}\n${PERSON.emails[0]}\n${PERSON.phones[0]}\nSenior ${PERSON.cvWords.join(' and ')}`;
  for (const key of keys) await store.put(key, Readable.from([Buffer.from(cvText)]));
  await t.db.insert(candidateFiles).values({
    licenceId,
    candidateId,
    uploaderId: userId,
    name: `cv-${PERSON.lastName}.txt`,
    storageKey: keys[0] ?? '',
    mediaType: 'text/plain',
    size: cvText.length,
    isCv: true,
    text: cvText,
    textState: 'done',
  });
  // Someone's draft from another copy of the same CV, not confirmed yet.
  await t.db.insert(candidateDrafts).values({
    licenceId,
    userId,
    name: `cv-${PERSON.lastName}-2.txt`,
    storageKey: keys[1] ?? '',
    mediaType: 'text/plain',
    size: cvText.length,
    text: cvText,
    detected: {
      first_name: PERSON.firstName,
      last_name: PERSON.lastName,
      emails: [PERSON.emails[0]?.toUpperCase() ?? ''],
      phones: [PERSON.phones[0] ?? ''],
      linkedin_url: null,
    },
  });
  // The applicant's confirmation mail, queued for later.
  await t.db.execute(
    sql`insert into jobs (kind, payload, max_attempts, run_at)
        values ('careers.confirmation_mail',
                ${JSON.stringify({ licenceId, applicationId: application.id, lang: 'en', to: PERSON.emails[0], firstName: PERSON.firstName, lastName: PERSON.lastName })}::jsonb,
                5, now() + interval '1 day')`,
  );
  // A mail already written to the development outbox, and one to somebody else that stays.
  const mailer = createMailer({
    from: 'Vivier <vivier@example.com>',
    outboxDir: path.join(t.dataDir, 'outbox'),
    log: { info: () => {} },
  });
  await mailer.send({
    to: PERSON.emails[1] ?? '',
    subject: `Your application, ${PERSON.firstName}`,
    text: `Dear ${full}`,
  });
  await mailer.send({
    to: 'someone.else@example.com',
    subject: 'Unrelated',
    text: 'Nothing about the person',
  });
  return { candidateId, applicationId: application.id, keys };
}

/** Every text, varchar, json(b), array and tsvector column of the public schema, from information_schema. */
export async function textColumns(t: TestApp) {
  const result = (await t.db.execute(
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public'
          and (data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY', 'character')
               or udt_name = 'tsvector')
        order by table_name, column_name`,
  )) as unknown as { rows: { table_name: string; column_name: string }[] };
  return result.rows;
}

/** The columns (`table.column`) whose text holds one of the needles, case aside. */
export async function scanDatabase(t: TestApp, needles: string[]) {
  const found: string[] = [];
  for (const { table_name, column_name } of await textColumns(t)) {
    for (const needle of needles) {
      const result = (await t.db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table_name)}
            where strpos(lower(${sql.identifier(column_name)}::text), lower(${needle})) > 0`,
      )) as unknown as { rows: { n: number }[] };
      if (Number(result.rows[0]?.n ?? 0) > 0) found.push(`${table_name}.${column_name}: ${needle}`);
    }
  }
  return found;
}

/** The files under `dir` (recursively) whose bytes hold one of the needles. */
export function scanFiles(dir: string, needles: string[]) {
  const found: string[] = [];
  if (!fs.existsSync(dir)) return found;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const text = fs.readFileSync(file).toString('utf8').toLowerCase();
    for (const needle of needles) if (text.includes(needle.toLowerCase())) found.push(`${file}: ${needle}`);
  }
  return found;
}
