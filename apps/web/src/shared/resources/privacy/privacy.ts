import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PrivacyRequest as WirePrivacyRequest } from '@vivier/contract';
import { routes } from '@vivier/contract/routes';
import { call, callStream } from '../../api/call';
import type { Camelize } from '../../api/case';
import { withErrorToast } from '../../api/notify-error';
import { refetchAfterWrite } from '../../api/query-client';
import { i18n } from '../../i18n/i18n';

// Its texts (`privacy.*`) are registered by shared/widgets/data-export, which every screen calling these loads.

/** A confirmed request from a person (issue 24, decision 194): access or erasure, with its deadline. */
export type PrivacyRequest = Camelize<WirePrivacyRequest>;

export const privacyRequestKeys = {
  all: ['privacy-requests'] as const,
  list: (state: 'open' | 'done') => ['privacy-requests', state] as const,
};

/** GET /privacy_requests?state=…, fetched when the panel opens (admins only). */
export const usePrivacyRequests = (state: 'open' | 'done', enabled: boolean) =>
  useQuery({
    queryKey: privacyRequestKeys.list(state),
    enabled,
    queryFn: () =>
      withErrorToast(
        async () => (await call(routes.privacy.listRequests, { query: { state } })).data,
        i18n.t('privacy.fetchFailed'),
      ),
  });

/** POST /privacy_requests/{id}/done, then both lists fetched again. */
export function useClosePrivacyRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      withErrorToast(
        () => call(routes.privacy.closeRequest, { params: { id } }),
        i18n.t('privacy.closeFailed'),
      ),
    onSuccess: () => refetchAfterWrite(queryClient, { queryKey: privacyRequestKeys.all }),
  });
}

/**
 * GET /candidates/{id}/data_export: the candidate's ZIP (candidate.json and their files), gathered as it
 * streams, then handed to the browser as a download.
 */
export const downloadCandidateDataExport = (candidateId: number) =>
  withErrorToast(async () => {
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    await callStream(
      routes.privacy.dataExport,
      { onChunk: (chunk) => chunks.push(new Uint8Array(chunk)) },
      { params: { id: candidateId } },
    );
    const url = URL.createObjectURL(new Blob(chunks, { type: 'application/zip' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `candidate-${candidateId}-data.zip`;
    link.style.display = 'none';
    document.body.append(link);
    link.click();
    link.remove();
    // The download has started from the URL; give the browser a moment before releasing it.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }, i18n.t('privacy.exportFailed'));
