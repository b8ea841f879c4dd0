import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { call } from '../../../shared/api/call';
import { withErrorToast } from '../../../shared/api/notify-error';
import { refetchAfterWrite } from '../../../shared/api/query-client';
import { i18n } from '../../../shared/i18n/i18n';
import {
  emailSendingKeys,
  type SendProgress,
  type SendStarted,
} from '../../../shared/resources/emails/email';
import {
  providerTokenHeader,
  providerTokenQueryOptions,
} from '../../../shared/resources/signature/provider-token';

export type { SendProgress, SendStarted } from '../../../shared/resources/emails/email';
/** What the dialog shows at the end: the final counts, and who was skipped when the send was asked. */
export type SendResult = SendProgress & { skippedRecipients: SendStarted['skipped'] };

/** How often a send's progress is read while the server sends. */
export const PROGRESS_EVERY_MS = 500;

export interface SendRequest {
  jobOfferId: number;
  templateId: number;
  candidateIds: number[];
  onProgress?: (progress: SendProgress) => void;
}

const ended = (progress: SendProgress) => progress.state === 'done' || progress.state === 'failed';

/**
 * POST /job_offers/{id}/emails: the server answers at once with the send's id and sends in the background
 * (decision 132); GET /email_sends/{id} is then read every PROGRESS_EVERY_MS until the send ends. A failed call
 * toasts 'The emails could not be sent' (a user over the hourly limit reads why).
 */
export function useSendEmails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ jobOfferId, templateId, candidateIds, onProgress }: SendRequest) => {
      const token = await queryClient.fetchQuery(providerTokenQueryOptions());
      const fail = i18n.t('emailSending.sendFailed');
      const started = await withErrorToast(
        () =>
          call(routes.emailSending.send, {
            params: { id: jobOfferId },
            body: { emailTemplateId: templateId, candidateIds },
            headers: providerTokenHeader(token),
          }),
        fail,
      );
      for (;;) {
        const progress = await withErrorToast(
          () => call(routes.emailSending.progress, { params: { id: started.id } }),
          fail,
        );
        onProgress?.(progress);
        if (ended(progress)) return { ...progress, skippedRecipients: started.skipped };
        await new Promise((resolve) => setTimeout(resolve, PROGRESS_EVERY_MS));
      }
    },
    // Statuses moved and counts changed: every screen's data is fetched again (but this dialog's preview).
    onSettled: () =>
      refetchAfterWrite(queryClient, { predicate: (query) => query.queryKey[0] !== emailSendingKeys.all[0] }),
  });
}
