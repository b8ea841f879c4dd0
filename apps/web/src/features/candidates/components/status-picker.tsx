import { ColorSwatch, Group, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useStatuses } from '../../../shared/resources/statuses/get-statuses';

export interface StatusPickerProps {
  value: number | null;
  onChange: (statusId: number | null) => void;
}

/** The pipeline status of 'Add to job offer': 'Please select a status', each with its colour (SPEC section 2). */
export function StatusPicker({ value, onChange }: StatusPickerProps) {
  const { t } = useTranslation();
  const statuses = useStatuses();
  const list = statuses.data ?? [];
  const colorOf = (id: string | null) => list.find((s) => String(s.id) === id)?.color;
  const selected = colorOf(value === null ? null : String(value));
  return (
    <Select
      label={t('candidates.bulk.status')}
      placeholder={t('candidates.bulk.statusPlaceholder')}
      data={list.map((s) => ({ value: String(s.id), label: s.name }))}
      value={value === null ? null : String(value)}
      onChange={(id) => onChange(id === null ? null : Number(id))}
      leftSection={selected ? <ColorSwatch color={`#${selected}`} size={14} aria-hidden /> : undefined}
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap">
          <ColorSwatch color={`#${colorOf(option.value) ?? 'ced4da'}`} size={14} aria-hidden />
          <Text size="sm">{option.label}</Text>
        </Group>
      )}
      allowDeselect={false}
    />
  );
}
