import { useMutation } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { type BodyOf, call, pathOf } from '../../../shared/api/call';
import { cacheMutation, refetchAfterWrite } from '../../../shared/api/query-client';
import { uploadFile } from '../../../shared/api/upload-file';
import { type CandidateDraft, candidateKeys } from '../../../shared/resources/candidates/candidate';
import { invalidateLicence } from '../../../shared/resources/licence/get-licence';

export type { CandidateDraft };

/** POST /candidate_drafts: one CV, multipart. */
export const createDraft = (file: File) =>
  uploadFile<CandidateDraft>(pathOf(routes.candidateDrafts.create, undefined), file);

export type ConfirmedDraft = BodyOf<typeof routes.candidateDrafts.confirm>['drafts'][number];

/** POST /candidate_drafts/confirm: the candidates are created; their lists and the credits are refetched. */
export const useConfirmDrafts = () =>
  useMutation(
    cacheMutation(
      (drafts: ConfirmedDraft[]) => call(routes.candidateDrafts.confirm, { body: { drafts } }),
      (client) =>
        Promise.all([refetchAfterWrite(client, { queryKey: candidateKeys.all }), invalidateLicence(client)]),
    ),
  );
