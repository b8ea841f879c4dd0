import { Button, Card, Group, Table, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type Cell, type Column, downloadCsv, reportCsv } from '../report-csv';
import type { ReportView } from '../report-filters';

/**
 * One chart of a report with its numbers: the chart, or (the screen's "Table" view, for screen readers and
 * for reading figures) a table of the same rows; and those rows as a CSV file.
 */
export function ReportPanel(props: {
  title: string;
  view: ReportView;
  file: string;
  columns: Column[];
  rows: Record<string, Cell>[];
  chart: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const show = (value: Cell) =>
    value === null ? '–' : typeof value === 'number' ? number.format(value) : value;
  return (
    <Card withBorder padding="md" component="section" aria-label={props.title}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {props.title}
        </Title>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconDownload size={16} aria-hidden />}
          aria-label={t('reports.downloadCsvOf', { title: props.title })}
          onClick={() => downloadCsv(props.file, reportCsv(props.columns, props.rows))}
        >
          {t('reports.downloadCsv')}
        </Button>
      </Group>
      {props.view === 'chart' ? (
        props.chart
      ) : (
        <Table.ScrollContainer minWidth={400}>
          <Table striped aria-label={props.title}>
            <Table.Thead>
              <Table.Tr>
                {props.columns.map((column) => (
                  <Table.Th key={column.key} scope="col">
                    {column.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {props.rows.map((row, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the rows of a report have no id of their own
                <Table.Tr key={i}>
                  {props.columns.map((column) => (
                    <Table.Td key={column.key}>{show(row[column.key] ?? null)}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
