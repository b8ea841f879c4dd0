import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SendEmailsResult } from '@vivier/contract';
import type { Camelize } from '../../../shared/api/case';
import { withErrorToast } from '../../../shared/api/notify-error';
import { mainService } from '../../../shared/api/services';
import { i18n } from '../../../shared/i18n/i18n';
import {
  providerTokenHeader,
  providerTokenQueryOptions,
} from '../../../shared/resources/signature/provider-token';
import { emailSendingKeys } from './preview-emails';

export type SendResult = Camelize<SendEmailsResult>;

/**
 * Candidates per request: each call stays well inside the 5000 ms every request gets (SPEC section 9), and the
 * dialog shows its progress between calls.
 */
export const SEND_BATCH = 10;

export interface SendRequest {
  jobOfferId: number;
  templateId: number;
  candidateIds: number[];
  onProgress?: (done: number) => void;
}

const emptyResult = (): SendResult => ({ sent: [], skipped: [], failed: [], contactedStatus: null });

/**
 * POST /job_offers/{id}/emails, SEND_BATCH candidates at a time; the answers are merged. A failed call stops
 * the run, toasts 'The emails could not be sent', and answers what was sent before it.
 */
export function useSendEmails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ jobOfferId, templateId, candidateIds, onProgress }: SendRequest) => {
      const token = await queryClient.fetchQuery(providerTokenQueryOptions());
      const result = emptyResult();
      for (let start = 0; start < candidateIds.length; start += SEND_BATCH) {
        const batch = candidateIds.slice(start, start + SEND_BATCH);
        try {
          const answer = await withErrorToast(
            () =>
              mainService.post<SendResult>(
                `/job_offers/${jobOfferId}/emails`,
                { emailTemplateId: templateId, candidateIds: batch },
                { headers: providerTokenHeader(token) },
              ),
            i18n.t('emailSending.sendFailed'),
          );
          result.sent.push(...answer.sent);
          result.skipped.push(...answer.skipped);
          result.failed.push(...answer.failed);
          result.contactedStatus = answer.contactedStatus;
        } catch {
          break;
        }
        onProgress?.(start + batch.length);
      }
      return result;
    },
    // Statuses moved and counts changed: every screen's data is fetched again (but this dialog's preview).
    onSettled: () =>
      queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== emailSendingKeys.all[0] }),
  });
}
