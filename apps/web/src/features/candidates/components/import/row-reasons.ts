import type { TFunction } from 'i18next';
import type { RowReport } from './report-csv';

/**
 * A row's reasons in the person's language, joined with '; ': each is a code of the contract (ImportReasonCode)
 * worded here, never the server's English `message` (issue 19 item 7).
 */
export function rowReasons(row: Pick<RowReport, 'reasons'>, t: TFunction): string {
  return row.reasons
    .map((reason) =>
      t(`candidates.import.reasons.${reason.code}`, {
        value: reason.value ?? '',
        max: reason.max,
        field: reason.field ? t(`candidates.fields.${reason.field}`) : '',
        interpolation: { escapeValue: false },
      }),
    )
    .join('; ');
}
