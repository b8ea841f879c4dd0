import { DEFAULT_CONFIRMATION, fillConfirmation } from '@vivier/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { rawRows } from '../../../db/raw-rows.ts';
import { scopedSql } from '../../../db/tenant-scope.ts';
import { defineJob, type JobKind } from '../../../jobs/job-kind.ts';
import type { Mailer } from '../../../mail/mailer.ts';
import { candidateLink } from '../../activity/mention-mail.job.ts';

const Id = z.number().int().positive();

const ConfirmationPayload = z.strictObject({
  licenceId: Id,
  applicationId: Id,
  lang: z.enum(['en', 'fr']),
  /** As the applicant typed them: the mail answers the form, whatever the candidate's record says. */
  to: z.string().min(3).max(320),
  firstName: z.string().max(200),
  lastName: z.string().max(200),
});
const NoticePayload = z.strictObject({ licenceId: Id, notificationId: Id });

export type ApplyJobs = {
  confirmation: JobKind<z.infer<typeof ConfirmationPayload>>;
  notice: JobKind<z.infer<typeof NoticePayload>>;
};

type MailDeps = { mailer: Mailer; mailFrom: string; publicUrl: () => string };

/** The address part of `MAIL_FROM` (`Name <a@b>` or `a@b`), sent under the organisation's name. */
const addressOf = (from: string) => /<([^<>@\s]+@[^<>\s]+)>/.exec(from)?.[1] ?? from.trim();

/**
 * The mails of applying (issue 23, decision 191), each a job on the durable queue, queued in the application's
 * transaction: the applicant's confirmation and a notice to each of the offer's people. A crash between a send
 * and the job's completion sends that mail once more (at least once, like every queued mail).
 */
export function applyJobs(deps: {
  mailer: Mailer;
  config: { mailFrom: string };
  publicUrl: () => string;
}): ApplyJobs {
  const mail = { mailer: deps.mailer, mailFrom: deps.config.mailFrom, publicUrl: deps.publicUrl };
  return { confirmation: confirmationJob(mail), notice: noticeJob(mail) };
}

function confirmationJob(deps: MailDeps): ApplyJobs['confirmation'] {
  return defineJob({
    name: 'careers.confirmation_mail',
    payload: ConfirmationPayload,
    maxAttempts: 5,
    async run({ licenceId, applicationId, lang, to, firstName, lastName }, { db }) {
      const [row] = await rawRows<{
        organisation: string;
        job_offer: string;
        subject: string | null;
        body: string | null;
      }>(
        db,
        sql`select l.name as organisation, o.name as job_offer,
              ${lang === 'fr' ? sql`s.confirmation_subject_fr` : sql`s.confirmation_subject_en`} as subject,
              ${lang === 'fr' ? sql`s.confirmation_body_fr` : sql`s.confirmation_body_en`} as body
            from job_applications ja
            join job_offers o on o.id = ja.job_offer_id
            join licences l on l.id = ja.licence_id
            left join careers_sites s on s.licence_id = ja.licence_id
            where ${scopedSql('ja', licenceId)} and ja.id = ${applicationId}`,
      );
      if (!row) return { sent: false }; // the application was deleted before its mail left
      const values = {
        first_name: firstName,
        last_name: lastName,
        job_offer: row.job_offer,
        organisation: row.organisation,
      };
      const template = DEFAULT_CONFIRMATION[lang];
      await deps.mailer.send({
        to,
        from: { name: row.organisation, address: addressOf(deps.mailFrom) },
        subject: fillConfirmation(row.subject || template.subject, values).replace(/[\r\n]+/g, ' '),
        text: fillConfirmation(row.body || template.body, values),
      });
      return { sent: true };
    },
  });
}

function noticeJob(deps: MailDeps): ApplyJobs['notice'] {
  return defineJob({
    name: 'careers.application_notice',
    payload: NoticePayload,
    maxAttempts: 5,
    async run({ licenceId, notificationId }, { db }) {
      const [row] = await rawRows<{
        email: string;
        candidate_id: number;
        candidate_name: string;
        job_offer_id: number;
        job_offer: string;
        source: string | null;
        mailed: boolean;
      }>(
        db,
        sql`select u.email, c.id as candidate_id,
              coalesce(nullif(trim(coalesce(c.manual_data->>'firstName', c.first_name, '') || ' ' ||
                coalesce(c.manual_data->>'lastName', c.last_name, '')), ''), '#' || c.id) as candidate_name,
              o.id as job_offer_id, o.name as job_offer, ja.source, x.mailed_at is not null as mailed
            from notifications x
            join users u on u.id = x.user_id
            join candidates c on c.id = x.candidate_id
            join job_applications ja on ja.id = x.job_application_id
            join job_offers o on o.id = ja.job_offer_id
            where ${scopedSql('x', licenceId)} and x.id = ${notificationId}`,
      );
      if (!row || row.mailed) return { sent: false };
      const link = candidateLink(deps.publicUrl(), Number(row.candidate_id), Number(row.job_offer_id));
      const who = row.candidate_name;
      await deps.mailer.send({
        to: row.email,
        subject: `Vivier: new application from ${who} for ${row.job_offer} / Nouvelle candidature de ${who}`,
        text: [
          `${who} applied for ${row.job_offer} through your careers site (source: ${row.source ?? 'careers_page'}).`,
          link,
          '',
          `${who} a postulé à l’offre ${row.job_offer} sur votre site carrières (source : ${row.source ?? 'careers_page'}).`,
          link,
        ].join('\n'),
      });
      await db.execute(
        sql`update notifications x set mailed_at = now() where ${scopedSql('x', licenceId)} and x.id = ${notificationId}`,
      );
      return { sent: true };
    },
  });
}
