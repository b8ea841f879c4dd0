import { ApplicationAnswer, type JobApplication, type JobApplicationEmbed } from '@vivier/contract';
import { presentCandidate } from '../candidates/candidate.presenter.ts';
import type { JobApplicationRow, LastActivityRow } from './job-applications.queries.ts';

/**
 * A job application as the API shows it (SPEC section 3), with the relations `embed` asks for: `status`
 * (null when its status was deleted), `candidate`, `job_offer` ({id, name, archived, company}).
 */
export function presentJobApplication(row: JobApplicationRow, embed: JobApplicationEmbed[]): JobApplication {
  return {
    id: row.id,
    candidate_id: row.candidateId,
    job_offer_id: row.jobOfferId,
    status_id: row.statusId,
    comment: row.comment,
    created_at: row.createdAt.toISOString(),
    source: row.source,
    answers: presentAnswers(row.answers),
    ...(embed.includes('status')
      ? {
          status:
            row.statusId !== null && row.statusName !== null && row.statusColor !== null
              ? { id: row.statusId, name: row.statusName, color: row.statusColor }
              : null,
        }
      : {}),
    ...(embed.includes('candidate') ? { candidate: presentCandidate(row.candidate) } : {}),
    ...(embed.includes('job_offer')
      ? {
          job_offer: {
            id: row.jobOfferId,
            name: row.jobOfferName,
            archived: row.jobOfferArchived,
            company:
              row.companyId !== null && row.companyName !== null
                ? { id: row.companyId, name: row.companyName }
                : null,
          },
        }
      : {}),
    ...(embed.includes('activity')
      ? {
          last_activity: presentLastActivity(row.lastActivity),
          notes_count: Number(row.notesCount ?? 0),
          next_interview_at:
            row.nextInterviewAt === null || row.nextInterviewAt === undefined
              ? null
              : new Date(row.nextInterviewAt).toISOString(),
        }
      : {}),
  };
}

function presentLastActivity(raw: LastActivityRow | string | null): JobApplication['last_activity'] {
  const row: LastActivityRow | null = typeof raw === 'string' ? JSON.parse(raw) : raw;
  if (!row) return null;
  return {
    kind: row.kind,
    created_at: new Date(row.created_at).toISOString(),
    actor:
      row.actor_id !== null && row.actor_name !== null
        ? { id: Number(row.actor_id), name: row.actor_name }
        : null,
    data: row.data,
  };
}

/**
 * The stored answers (jsonb, written by the apply form in the contract's shape). An element of another shape
 * is left out rather than failing the whole list: the column has no check of its own.
 */
function presentAnswers(raw: unknown): ApplicationAnswer[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item) => {
    const parsed = ApplicationAnswer.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}
