import { keepPreviousData, useInfiniteQuery, useMutation } from '@tanstack/react-query';
import type { AuditAction, AuditTargetKind } from '@vivier/contract';
import { routes } from '@vivier/contract/routes';
import { call, callStream } from '../../../shared/api/call';
import { withErrorToast } from '../../../shared/api/notify-error';
import { i18n } from '../../../shared/i18n/i18n';
import { auditEntryKeys } from '../../../shared/resources/audit/audit-keys';

/** The screen's filters; empty strings are "any". */
export interface AuditFilterValues {
  action: AuditAction | '';
  actorId: string;
  targetKind: AuditTargetKind | '';
  targetId: string;
  from: string;
  to: string;
}

export const AUDIT_PAGE_SIZE = 50;

/** The filters as the contract's query: only the ones set, a target id only with its kind. */
export function auditQuery(filters: AuditFilterValues) {
  return {
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.actorId.trim() ? { actorId: Number(filters.actorId) } : {}),
    ...(filters.targetKind ? { targetKind: filters.targetKind } : {}),
    ...(filters.targetKind && filters.targetId.trim() ? { targetId: Number(filters.targetId) } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  };
}

/** GET /audit_entries: newest first, a page at a time by keyset (`before`). */
export const useAuditEntries = (filters: AuditFilterValues, enabled = true) =>
  useInfiniteQuery({
    queryKey: auditEntryKeys.list(filters),
    enabled,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      withErrorToast(
        () =>
          call(routes.audit.list, {
            query: {
              ...auditQuery(filters),
              perPage: AUDIT_PAGE_SIZE,
              ...(pageParam === undefined ? {} : { before: pageParam }),
            },
          }),
        i18n.t('auditLog.fetchError'),
      ),
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    placeholderData: keepPreviousData,
  });

/** Hands a file to the browser as a download. */
function saveFile(file: Blob, fileName: string) {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** GET /audit_entries/export with the screen's filters, gathered and saved as the CSV file the server names. */
export const useExportAuditLog = () =>
  useMutation({
    mutationFn: (filters: AuditFilterValues) =>
      withErrorToast(async () => {
        const chunks: Uint8Array<ArrayBuffer>[] = [];
        const { headers } = await callStream(
          routes.audit.export,
          { onChunk: (chunk) => chunks.push(new Uint8Array(chunk)) },
          { query: auditQuery(filters) },
        );
        const name = headers.get('Content-Disposition')?.match(/filename="([^"]+)"/)?.[1] ?? 'audit-log.csv';
        saveFile(new Blob(chunks, { type: 'text/csv' }), name);
      }, i18n.t('auditLog.exportError')),
  });
