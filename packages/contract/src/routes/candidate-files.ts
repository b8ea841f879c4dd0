import { CandidateFile, CandidateFileList, CandidateFileParams } from '../candidate-files.ts';
import { IdParams, NoContent } from '../common.ts';
import { addresses as at } from './addresses.ts';
import { group } from './route.ts';

/** Files on a candidate (issue 22, decision 184): CVs and other documents. */
export const candidateFiles = group(at.candidateFiles, ['candidate files'], {
  list: {
    params: IdParams,
    responses: { 200: CandidateFileList },
    errors: ['not_found'],
    summary: "A candidate's files, newest first",
  },
  upload: {
    params: IdParams,
    // The body is multipart/form-data with one part named `file`, streamed to storage: not a JSON body.
    responses: { 201: CandidateFile },
    errors: ['not_found', 'bad_request', 'payload_too_large', 'unsupported_file_type'],
    summary: 'Attach a file to a candidate (PDF, DOCX, ODT or text; its type read from its bytes)',
    description:
      'multipart/form-data with one part named `file`; at most VIVIER_MAX_FILE_BYTES (10 MB) each.',
    consumes: ['multipart/form-data'],
  },
  download: {
    params: CandidateFileParams,
    // The file itself, as an attachment.
    responses: {},
    errors: ['not_found'],
    summary: "Download one of a candidate's files",
    produces: ['application/octet-stream'],
  },
  preview: {
    params: CandidateFileParams,
    // The file to show in a frame (decision 186): a PDF as it is, a DOCX or ODT as sanitised HTML, text as
    // text; inline, under a CSP that allows no script and no outside resource.
    responses: {},
    errors: ['not_found', 'unsupported_file_type'],
    summary: "Preview one of a candidate's files (PDF inline, DOCX and ODT as sanitised HTML, text)",
    produces: ['application/pdf', 'text/html', 'text/plain'],
  },
  remove: {
    params: CandidateFileParams,
    responses: { 204: NoContent },
    errors: ['not_found', 'forbidden'],
    summary: 'Delete a file (its uploader or an admin)',
  },
  markCv: {
    params: CandidateFileParams,
    responses: { 200: CandidateFile },
    errors: ['not_found'],
    summary: "Mark a file as the candidate's CV (the one marked before is no longer)",
  },
});
