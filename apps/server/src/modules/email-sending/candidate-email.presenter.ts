import type { RecordedEmail } from '@vivier/contract';
import type { CandidateEmailRow } from './candidate-emails.queries.ts';

/** A recorded message as the API shows it: an explicit field list (the body stays on the server). */
export function presentCandidateEmail(row: CandidateEmailRow): RecordedEmail {
  return {
    id: row.id,
    sent_at: row.sentAt.toISOString(),
    subject: row.subject,
    to: row.recipient,
    sender: { id: row.senderId, email: row.senderEmail },
    job_offer:
      row.jobOfferId !== null && row.jobOfferName !== null
        ? { id: row.jobOfferId, name: row.jobOfferName }
        : null,
  };
}
