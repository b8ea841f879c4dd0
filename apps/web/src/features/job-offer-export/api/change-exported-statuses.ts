import { useMutation } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { callOrToast } from '../../../shared/api/notify-error';
import { invalidatingMutation } from '../../../shared/api/query-client';
import { jobOfferKeys } from '../../../shared/resources/job-offers/job-offer-keys';
import type { Rejection } from '../../../shared/widgets/candidate-activity/rejection-prompt';

export interface StatusChange {
  jobOfferId: number;
  statusId: number;
  statuses: number[];
  /** Why, when the chosen status is marked rejected (issue 21). */
  rejection?: Rejection | undefined;
}

/**
 * POST /job_offers/{id}/export/status_change `{status_id, statuses}`: after the export, the candidates of the
 * exported statuses move to the chosen one, all or none (SPEC sections 4 and 7). A failure toasts the server's
 * reason, else 'The job applications could not be updated'.
 */
export const changeExportedStatuses = ({ jobOfferId, statusId, statuses, rejection }: StatusChange) =>
  callOrToast(
    routes.jobOffers.exportStatusChange,
    { params: { id: jobOfferId }, body: { statusId, statuses, ...(rejection ? { rejection } : {}) } },
    'errors.applicationsUpdate',
  );

/** The change, then the offer's counts and lists refetched. */
export const useChangeExportedStatuses = () =>
  useMutation(invalidatingMutation(changeExportedStatuses, jobOfferKeys.all));
