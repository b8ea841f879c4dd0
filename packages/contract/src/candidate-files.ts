import { z } from 'zod';
import { Id } from './common.ts';

/** The types a candidate's file may be (issue 22, decision 184), detected from its bytes, never its name. */
export const CANDIDATE_FILE_TYPES = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.oasis.opendocument.text',
  'text/plain',
] as const;
export const CandidateFileType = z.enum(CANDIDATE_FILE_TYPES);
export type CandidateFileType = z.infer<typeof CandidateFileType>;

/** How far reading a file's text has gone (decision 186): read by a queued job after the upload. */
export const CandidateFileTextState = z.enum(['pending', 'done', 'failed']);
export type CandidateFileTextState = z.infer<typeof CandidateFileTextState>;

/** A file attached to a candidate. `name` is the name it was sent with, for display only. */
export const CandidateFile = z.object({
  id: Id,
  candidate_id: Id,
  name: z.string(),
  size: z.number().int().min(0),
  media_type: CandidateFileType,
  is_cv: z.boolean(),
  /** 'pending' until its text is read, 'failed' when it could not be (the panel says which). */
  text_state: CandidateFileTextState,
  uploader: z.object({ id: Id, name: z.string() }).nullable(),
  created_at: z.string(),
});
export type CandidateFile = z.infer<typeof CandidateFile>;

export const CandidateFileList = z.object({ data: z.array(CandidateFile) });
export type CandidateFileList = z.infer<typeof CandidateFileList>;

/** A candidate's file's path: the candidate and the file, so another candidate's file id answers 404. */
export const CandidateFileParams = z.object({ id: Id, fileId: Id });
