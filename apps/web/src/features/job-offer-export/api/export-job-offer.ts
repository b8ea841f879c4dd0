import { useMutation } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { callStream } from '../../../shared/api/call';
import { withSilentFailure } from '../../../shared/api/silent-failure';
import { createRecordCounter } from '../record-counter';
import { fileNameOf } from '../save-file';

export interface ExportedFile {
  file: Blob;
  fileName: string;
  /** Rows in the file, counted as it arrived. */
  rows: number;
}

export interface ExportRequest {
  jobOfferId: number;
  statuses: number[];
  /** Called as the file arrives: 0 to 1, or null while the size is not known yet. */
  onProgress: (progress: number | null) => void;
}

/**
 * GET /job_offers/{id}/export?statuses[]=… (docs/decisions/070-export-and-status-change.md), read as it streams:
 * its chunks gathered into the file, its rows counted against `X-Total-Count` to move the progress bar. The
 * format is the user's own or the licence's (the server decides). SPEC section 8: other export failures are
 * silent (console only).
 */
export const exportJobOffer = ({ jobOfferId, statuses, onProgress }: ExportRequest): Promise<ExportedFile> =>
  withSilentFailure(async () => {
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    let total = 0;
    let counter = createRecordCounter(true);
    const { headers } = await callStream(
      routes.jobOffers.export,
      {
        onHeaders: (h) => {
          total = Number(h.get('X-Total-Count')) || 0;
          counter = createRecordCounter(h.get('X-Export-Format') !== 'admen');
          onProgress(total > 0 ? 0 : null);
        },
        onChunk: (chunk) => {
          chunks.push(new Uint8Array(chunk));
          counter.push(chunk);
          if (total > 0) onProgress(Math.min(1, counter.rows / total));
        },
      },
      { params: { id: jobOfferId }, query: { statuses } },
    );
    const type = headers.get('Content-Type') ?? 'text/csv';
    return {
      file: new Blob(chunks, { type }),
      fileName: fileNameOf(headers.get('Content-Disposition'), `export-${jobOfferId}.csv`),
      rows: counter.rows,
    };
  });

export const useExportJobOffer = () => useMutation({ mutationFn: exportJobOffer });
