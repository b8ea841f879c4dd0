import { CandidateDraft, ConfirmDraftsInput, ConfirmDraftsResult } from '../candidate-drafts.ts';
import { addresses as at } from './addresses.ts';
import { group } from './route.ts';

/** Creating candidates from CVs (issue 22, decision 188): a draft per CV, then one confirmation. */
export const candidateDrafts = group(at.candidateDrafts, ['candidate files'], {
  create: {
    // The body is multipart/form-data with one part named `file`, streamed to storage: not a JSON body.
    responses: { 201: CandidateDraft },
    errors: ['bad_request', 'payload_too_large', 'unsupported_file_type'],
    summary:
      'Read a CV into a draft candidate: its name, emails, phones and LinkedIn address, and duplicates',
    description:
      "multipart/form-data with one part named `file` (PDF, DOCX, ODT or text; at most VIVIER_MAX_FILE_BYTES). The draft is the caller's own, kept a day.",
    consumes: ['multipart/form-data'],
  },
  confirm: {
    body: ConfirmDraftsInput,
    responses: { 201: ConfirmDraftsResult },
    errors: ['not_found', 'credits_exhausted', 'duplicate_candidate'],
    summary: 'Create candidates from drafts, each with its CV (one credit each, all or none)',
  },
});
