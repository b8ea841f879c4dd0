import { MultiSelect, Select, SimpleGrid, Table, Text } from '@mantine/core';
import type { ImportField } from '@vivier/contract';
import { useTranslation } from 'react-i18next';
import type { ImportMapping } from '../../api/import-candidates';
import { IMPORT_FIELDS, MULTI_COLUMN } from './guess-mapping';
import type { CsvFile } from './read-csv-file';

export interface ColumnMappingProps {
  file: CsvFile;
  mapping: ImportMapping;
  onChange: (mapping: ImportMapping) => void;
}

/** The header-mapping step: which file column feeds which field, with the first rows as they will import. */
export function ColumnMapping({ file, mapping, onChange }: ColumnMappingProps) {
  const { t } = useTranslation();
  const columns = file.header.map((name, index) => ({
    value: String(index),
    label: name || `#${index + 1}`,
  }));
  const set = (field: ImportField, values: string[]) => onChange({ ...mapping, [field]: values.map(Number) });
  const mapped = IMPORT_FIELDS.filter((field) => (mapping[field] ?? []).length > 0);
  const cell = (row: string[], field: ImportField) =>
    (mapping[field] ?? [])
      .map((column) => row[column]?.trim() ?? '')
      .filter(Boolean)
      .join(', ');

  return (
    <>
      <Text fw={600}>{t('candidates.import.mapping')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {IMPORT_FIELDS.map((field) =>
          MULTI_COLUMN.includes(field) ? (
            <MultiSelect
              key={field}
              label={t(`candidates.fields.${field}`)}
              placeholder={
                (mapping[field] ?? []).length === 0 ? t('candidates.import.notImported') : undefined
              }
              data={columns}
              value={(mapping[field] ?? []).map(String)}
              onChange={(values) => set(field, values)}
              clearable
            />
          ) : (
            <Select
              key={field}
              label={t(`candidates.fields.${field}`)}
              placeholder={t('candidates.import.notImported')}
              data={columns}
              value={mapping[field]?.[0] === undefined ? null : String(mapping[field]?.[0])}
              onChange={(value) => set(field, value === null ? [] : [value])}
              clearable
            />
          ),
        )}
      </SimpleGrid>
      {mapped.length > 0 && (
        <Table.ScrollContainer minWidth={500}>
          <Table striped withTableBorder>
            <Table.Caption>
              {t('candidates.import.previewCaption', { count: file.preview.length })}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                {mapped.map((field) => (
                  <Table.Th key={field}>{t(`candidates.fields.${field}`)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {file.preview.map((row, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: preview rows have no identity beyond their place
                <Table.Tr key={index}>
                  {mapped.map((field) => (
                    <Table.Td key={field}>{cell(row, field)}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}
