import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { defineJob, type JobKind } from '../../jobs/job-kind.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import { richText } from '../../lib/rich-text-thread.ts';
import type { Mail, Mailer } from '../../mail/mailer.ts';
import { candidateLink } from '../activity/mention-mail.job.ts';
import { presentCandidate } from '../candidates/candidate.presenter.ts';
import { findCandidates } from '../candidates/candidates.queries.ts';
import { findEmailTemplate } from '../email-templates/email-templates.queries.ts';
import { renderHtml, renderText, variableValues } from '../email-templates/template-variables.ts';
import type { AnswerTokens } from './answer-token.ts';
import { findInterview, type InterviewRow, interviewersOf } from './interviews.queries.ts';
import { formatWhen, invitationCalendar, kindTitle } from './invitation.ts';

const Id = z.number().int().positive();
const Person = z.strictObject({ name: z.string().max(400), email: z.string().max(320) });
const InvitationPayload = z.strictObject({
  licenceId: Id,
  interviewId: Id,
  /** The SEQUENCE this mail tells of: a newer change's job mails the newer state, this one only its removals. */
  sequence: z.number().int().min(0),
  /** Interviewers taken off by this change: each is mailed a METHOD:CANCEL. */
  removed: z.array(Person).max(20),
});
export type InvitationJob = JobKind<z.infer<typeof InvitationPayload>>;

type Deps = {
  mailer: Mailer;
  config: { mailFrom: string };
  publicUrl: () => string;
  interviewAnswers: AnswerTokens;
};

/** The address part of `MAIL_FROM` (`Name <a@b>` or `a@b`), sent under the organisation's name. */
const addressOf = (from: string) => /<([^<>@\s]+@[^<>\s]+)>/.exec(from)?.[1] ?? from.trim();
const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();

/** The public page where the candidate answers (careers scope, `interview-answer.routes.ts`). */
export const answerPath = (interviewId: number, token: string) =>
  `/careers/-/interviews/${interviewId}/${token}`;

function details(row: InterviewRow, lang: 'en' | 'fr', zone: string) {
  const when = formatWhen(new Date(row.starts_at), zone, lang);
  const people = interviewersOf(row)
    .map((u) => u.name)
    .join(', ');
  const label =
    lang === 'fr'
      ? { when: 'Date', kind: 'Format', with: 'Avec', duration: 'Durée' }
      : { when: 'When', kind: 'How', with: 'With', duration: 'Duration' };
  return [
    `${label.when}: ${when.date}, ${when.time}`,
    `${label.duration}: ${row.duration_minutes} min`,
    `${label.kind}: ${kindTitle(row.kind, lang)}${row.location ? ` – ${row.location}` : ''}`,
    `${label.with}: ${people}`,
  ].join('\n');
}

/** The template's message for this candidate and interview, or none (issue 27: the interview variables). */
async function templateMessage(db: Db, row: InterviewRow) {
  if (row.template_id === null) return undefined;
  const template = await findEmailTemplate(db, Number(row.licence_id), Number(row.template_id));
  const [candidate] = await findCandidates(db, Number(row.licence_id), [Number(row.candidate_id)]);
  if (!template || !candidate) return undefined;
  const when = formatWhen(new Date(row.starts_at), row.candidate_time_zone, 'en');
  const values = {
    ...variableValues(presentCandidate(candidate)),
    interview_date: when.date,
    interview_time: when.time,
    interview_place: row.location,
    interviewers: interviewersOf(row)
      .map((u) => u.name)
      .join(', '),
  };
  const html = await richText.sanitize(template.content);
  return {
    subject: oneLine(renderText(template.subject, values)),
    html: renderHtml(html, values),
    text: renderText(await richText.toPlain(html), values),
  };
}

const subjectOf = (row: InterviewRow, cancelled: boolean) => {
  const what = `${row.job_offer_name} – ${row.organisation}`;
  if (cancelled) return oneLine(`Cancelled: interview / Annulé : entretien – ${what}`);
  return oneLine(`${Number(row.sequence) > 0 ? 'Updated: ' : ''}Interview / Entretien – ${what}`);
};

/**
 * Mails an interview's invitation (issue 27, decision 202), one message per person, each with the calendar
 * file: the candidate (the template's message, the times in their zone, the links to answer) and every
 * interviewer (the times in the organiser's zone, the link to the application). Queued in the change's
 * transaction; a crash between two sends mails the first again (at least once, like every queued mail), and
 * calendars apply the same UID and SEQUENCE once.
 */
export function invitationMailJob(deps: Deps): InvitationJob {
  return defineJob({
    name: 'interviews.invitation_mail',
    payload: InvitationPayload,
    maxAttempts: 5,
    async run({ licenceId, interviewId, sequence, removed }, { db }) {
      const row = await findInterview(db, licenceId, interviewId);
      if (!row) return { sent: 0 }; // the application went, and its interviews with it
      const from = { name: row.organisation, address: addressOf(deps.config.mailFrom) };
      const mails: Mail[] = removed.map((person) => ({
        to: person.email,
        from,
        subject: subjectOf(row, true),
        text: `${details(row, 'en', row.time_zone)}\n\n${details(row, 'fr', row.time_zone)}`,
        icalEvent: { ...invitationCalendar(row, { cancelFor: [person] }), filename: 'invite.ics' },
      }));
      if (Number(row.sequence) === sequence) {
        const cancelled = row.state === 'cancelled';
        const calendar = { ...invitationCalendar(row), filename: 'invite.ics' };
        if (row.candidate_email) {
          const message = cancelled ? undefined : await templateMessage(db, row);
          const ends = new Date(new Date(row.starts_at).getTime() + row.duration_minutes * 60_000);
          const link = `${deps.publicUrl()}${answerPath(interviewId, deps.interviewAnswers.make(licenceId, interviewId, ends))}`;
          const answer = cancelled
            ? ''
            : `\n\nAnswer (accept, decline or propose another time) / Répondre (accepter, refuser ou proposer un autre moment):\n${link}`;
          const body = `${details(row, 'en', row.candidate_time_zone)}\n\n${details(row, 'fr', row.candidate_time_zone)}${answer}`;
          mails.push({
            to: row.candidate_email,
            from,
            subject: message?.subject || subjectOf(row, cancelled),
            text: message ? `${message.text}\n\n${body}` : body,
            ...(message ? { html: `${message.html}<pre>${escapeHtml(body)}</pre>` } : {}),
            icalEvent: calendar,
          });
        }
        const vivier = candidateLink(deps.publicUrl(), Number(row.candidate_id), Number(row.job_offer_id));
        for (const person of interviewersOf(row)) {
          mails.push({
            to: person.email,
            from,
            subject: `${subjectOf(row, cancelled)}: ${oneLine(row.candidate_name)}`,
            text: `${details(row, 'en', row.time_zone)}\n\n${details(row, 'fr', row.time_zone)}\n\n${vivier}`,
            icalEvent: calendar,
          });
        }
      }
      for (const mail of mails) await deps.mailer.send(mail);
      return { sent: mails.length };
    },
  });
}
