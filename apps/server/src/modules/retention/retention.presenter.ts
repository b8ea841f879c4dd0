import type { RetentionDueCandidate } from '@vivier/contract';
import type { DueCandidate } from './retention.queries.ts';

/** A due candidate as the admins' list shows it: a name and dates, no contact. */
export function presentDueCandidate(c: DueCandidate): RetentionDueCandidate {
  return {
    candidate_id: c.candidateId,
    name: c.name,
    has_email: c.email !== null,
    last_activity_at: c.lastActivityAt.toISOString(),
    due_at: c.dueAt.toISOString(),
    erase_at: c.eraseAt.toISOString(),
    notice_at: c.noticeAt?.toISOString() ?? null,
  };
}
