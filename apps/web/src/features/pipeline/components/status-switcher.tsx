import { Group, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PipelineStatus } from '../types';
import { StatusSwatch } from './status-swatch';

export interface StatusSwitcherProps {
  /** The pipeline, in order. */
  statuses: PipelineStatus[];
  value: number | null;
  /** Whose status it is, for the control's name ('Status of Ada Lovelace'). */
  candidateName: string;
  onChange: (status: PipelineStatus) => void;
  disabled?: boolean;
}

/**
 * The status switcher of a candidate row (SPEC section 2): a dropdown of the pipeline's statuses, each with its
 * colour swatch and name; 'Select a status' when the application has none (its status was deleted).
 */
export function StatusSwitcher({ statuses, value, candidateName, onChange, disabled }: StatusSwitcherProps) {
  const { t } = useTranslation();
  const current = statuses.find((status) => status.id === value);
  return (
    <Select
      size="xs"
      w={180}
      aria-label={t('jobOffer.statusOf', { name: candidateName })}
      placeholder={t('jobOffer.selectStatus')}
      data={statuses.map((status) => ({ value: String(status.id), label: status.name }))}
      value={current ? String(current.id) : null}
      allowDeselect={false}
      checkIconPosition="right"
      disabled={disabled}
      leftSection={<StatusSwatch color={current?.color} />}
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap">
          <StatusSwatch color={statuses.find((status) => String(status.id) === option.value)?.color} />
          <Text size="sm">{option.label}</Text>
        </Group>
      )}
      onChange={(next) => {
        const status = statuses.find((item) => String(item.id) === next);
        if (status && status.id !== value) onChange(status);
      }}
    />
  );
}
