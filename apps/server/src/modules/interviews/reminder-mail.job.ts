import { z } from 'zod';
import { defineJob, type JobKind } from '../../jobs/job-kind.ts';
import type { Mail, Mailer } from '../../mail/mailer.ts';
import { candidateLink } from '../activity/mention-mail.job.ts';
import { findInterview, interviewersOf } from './interviews.queries.ts';
import { formatWhen, kindTitle } from './invitation.ts';

const Id = z.number().int().positive();
const ReminderPayload = z.strictObject({
  licenceId: Id,
  interviewId: Id,
  /** The interview's SEQUENCE when queued: a later change queued reminders of its own, this one stays silent. */
  sequence: z.number().int().min(0),
  minutesBefore: z.number().int().positive(),
});
export type ReminderJob = JobKind<z.infer<typeof ReminderPayload>>;

const addressOf = (from: string) => /<([^<>@\s]+@[^<>\s]+)>/.exec(from)?.[1] ?? from.trim();

/** `tomorrow` / `in 1 hour` / `in 30 minutes`, in both languages. */
function lead(minutes: number) {
  if (minutes % 1440 === 0) {
    const days = minutes / 1440;
    return days === 1 ? ['tomorrow', 'demain'] : [`in ${days} days`, `dans ${days} jours`];
  }
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return [`in ${hours} hour${hours > 1 ? 's' : ''}`, `dans ${hours} heure${hours > 1 ? 's' : ''}`];
  }
  return [`in ${minutes} minutes`, `dans ${minutes} minutes`];
}

/**
 * The reminders of an interview (issue 27, decision 202): queued on the durable queue at scheduling, due
 * `minutesBefore` its start (VIVIER_INTERVIEW_REMINDERS: the day before and an hour before by default), mailed to
 * the interviewers and, when the organiser asked, to the candidate. A reschedule or a cancellation raises the
 * SEQUENCE, so the reminders of the old time find it changed and send nothing.
 */
export function reminderMailJob(deps: {
  mailer: Mailer;
  config: { mailFrom: string };
  publicUrl: () => string;
}) {
  return defineJob({
    name: 'interviews.reminder_mail',
    payload: ReminderPayload,
    maxAttempts: 3,
    async run({ licenceId, interviewId, sequence, minutesBefore }, { db }) {
      const row = await findInterview(db, licenceId, interviewId);
      if (row?.state !== 'scheduled' || Number(row.sequence) !== sequence) return { sent: 0 };
      const [en, fr] = lead(minutesBefore);
      const from = { name: row.organisation, address: addressOf(deps.config.mailFrom) };
      const subject = `Reminder: interview ${en} / Rappel : entretien ${fr} – ${row.job_offer_name}`.replace(
        /[\r\n]+/g,
        ' ',
      );
      const body = (zone: string) => {
        const whenEn = formatWhen(new Date(row.starts_at), zone, 'en');
        const whenFr = formatWhen(new Date(row.starts_at), zone, 'fr');
        const place = (lang: 'en' | 'fr') =>
          `${kindTitle(row.kind, lang)}${row.location ? ` – ${row.location}` : ''}`;
        return `${whenEn.date}, ${whenEn.time}\n${place('en')}\n\n${whenFr.date}, ${whenFr.time}\n${place('fr')}`;
      };
      const link = candidateLink(deps.publicUrl(), Number(row.candidate_id), Number(row.job_offer_id));
      const mails: Mail[] = interviewersOf(row).map((u) => ({
        to: u.email,
        from,
        subject: `${subject}: ${row.candidate_name}`.replace(/[\r\n]+/g, ' '),
        text: `${body(row.time_zone)}\n\n${link}`,
      }));
      if (row.remind_candidate && row.candidate_email) {
        mails.push({ to: row.candidate_email, from, subject, text: body(row.candidate_time_zone) });
      }
      for (const mail of mails) await deps.mailer.send(mail);
      return { sent: mails.length };
    },
  }) satisfies ReminderJob;
}
