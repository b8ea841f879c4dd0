import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { call } from '../../../shared/api/call';
import { withErrorToast } from '../../../shared/api/notify-error';
import { i18n } from '../../../shared/i18n/i18n';
import { emailSendingKeys, type Preview, type Recipients } from '../../../shared/resources/emails/email';
import {
  providerTokenHeader,
  providerTokenQueryOptions,
} from '../../../shared/resources/signature/provider-token';

export type { Preview, Recipients } from '../../../shared/resources/emails/email';

/**
 * POST /job_offers/{id}/emails/preview: the recipients, and the message of one of them (`shown`, else the
 * first) as it would leave, the signature included (read from the mail provider when the user signed in with
 * Google); a failure toasts 'The emails could not be prepared'.
 */
export async function previewEmails(
  queryClient: QueryClient,
  { jobOfferId, candidateIds, statusId }: Recipients,
  templateId: number,
  shown: number | null,
): Promise<Preview> {
  const token = await queryClient.fetchQuery(providerTokenQueryOptions());
  return withErrorToast(
    () =>
      call(routes.emailSending.preview, {
        params: { id: jobOfferId },
        body: {
          emailTemplateId: templateId,
          ...(candidateIds ? { candidateIds } : {}),
          ...(statusId !== undefined && !candidateIds ? { filters: { withStatusId: statusId } } : {}),
          ...(shown !== null ? { previewCandidateId: shown } : {}),
        },
        headers: providerTokenHeader(token),
      }),
    i18n.t('emailSending.previewFailed'),
  );
}

/** The preview; while another recipient's message loads, the previous answer stays on screen. */
export function usePreviewEmails(recipients: Recipients, templateId: number | null, shown: number | null) {
  const queryClient = useQueryClient();
  return useQuery(
    queryOptions({
      queryKey: emailSendingKeys.preview(recipients, templateId ?? 0, shown),
      queryFn: () => previewEmails(queryClient, recipients, templateId ?? 0, shown),
      enabled: templateId !== null,
      placeholderData: keepPreviousData,
      staleTime: 0,
      gcTime: 0,
    }),
  );
}
