import { type CandidateDraft, createDraft } from '../../api/candidate-drafts';

/** Two CVs read at once: the server reads each on a thread of its own, and a browser holds six connections. */
export const CVS_AT_ONCE = 2;

export type ReadOutcome = { drafts: CandidateDraft[]; failed: { name: string; error: unknown }[] };

/**
 * Sends each CV to be made a draft, `CVS_AT_ONCE` at a time, telling `onProgress` how many are through; the
 * drafts come back in the files' order, and the files refused are listed with their error.
 */
export async function readCvs(files: File[], onProgress: (done: number) => void): Promise<ReadOutcome> {
  const results: (CandidateDraft | { name: string; error: unknown })[] = new Array(files.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < files.length) {
      const index = next++;
      const file = files[index] as File;
      results[index] = await createDraft(file).catch((error: unknown) => ({ name: file.name, error }));
      onProgress(++done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CVS_AT_ONCE, files.length) }, worker));
  const drafts: CandidateDraft[] = [];
  const failed: ReadOutcome['failed'] = [];
  for (const result of results) {
    if ('error' in result) failed.push(result);
    else drafts.push(result);
  }
  return { drafts, failed };
}
