import { Alert, Button, Group, List, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type RowReport, reportCsv } from './report-csv';
import { rowReasons } from './row-reasons';

/** How many rejected rows the report lists on screen; the download has them all. */
const REJECTED_SHOWN = 100;

export interface ImportTotals {
  created: number;
  merged: number;
  rejected: number;
}

/** The end of an import: created / merged / rejected counts, the rejected rows and the CSV report. */
export function ImportReport({
  totals,
  rows,
  stopped,
}: {
  totals: ImportTotals;
  rows: RowReport[];
  stopped: boolean;
}) {
  const { t } = useTranslation();
  const rejected = rows.filter((row) => row.outcome === 'rejected');

  const download = () => {
    const csv = reportCsv(
      rows,
      {
        row: t('candidates.import.reportColumns.row'),
        outcome: t('candidates.import.reportColumns.outcome'),
        candidate: t('candidates.import.reportColumns.candidate'),
        message: t('candidates.import.reportColumns.message'),
      },
      (outcome) => t(`candidates.import.outcomes.${outcome}`),
      (row) => rowReasons(row, t),
    );
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'import-report.csv';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };

  return (
    <>
      <Text fw={600}>{t('candidates.import.report')}</Text>
      {stopped && <Alert color="red">{t('candidates.import.stopped')}</Alert>}
      <List>
        <List.Item>{t('candidates.import.created', { count: totals.created })}</List.Item>
        <List.Item>{t('candidates.import.merged', { count: totals.merged })}</List.Item>
        <List.Item>{t('candidates.import.rejected', { count: totals.rejected })}</List.Item>
      </List>
      {rejected.length > 0 && (
        <Table striped withTableBorder>
          <Table.Caption>{t('candidates.import.rejectedRows')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('candidates.import.row')}</Table.Th>
              <Table.Th>{t('candidates.import.reason')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rejected.slice(0, REJECTED_SHOWN).map((row) => (
              <Table.Tr key={row.row}>
                <Table.Td>{row.row}</Table.Td>
                <Table.Td>{rowReasons(row, t)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group>
        <Button variant="light" onClick={download}>
          {t('candidates.import.download')}
        </Button>
      </Group>
    </>
  );
}
