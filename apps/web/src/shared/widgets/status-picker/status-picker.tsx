import { Anchor, Box, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface PickableStatus {
  id: number;
  name: string;
  color: string;
  index: number;
  candidatesCount: number;
}

export interface StatusPickerProps {
  label: string;
  statuses: PickableStatus[];
  value: number[];
  onChange: (ids: number[]) => void;
  disabled?: boolean;
}

/**
 * Picks some statuses of a job offer's pipeline (copy and export screens, SPEC section 2): one checkbox per status
 * in pipeline order, with its colour and how many candidates it holds, and 'All' / 'None' shortcuts.
 */
export function StatusPicker({ label, statuses, value, onChange, disabled }: StatusPickerProps) {
  const { t } = useTranslation();
  const sorted = [...statuses].sort((a, b) => a.index - b.index);
  const selected = new Set(value);
  const set = (ids: number[]) => onChange(sorted.map((s) => s.id).filter((id) => ids.includes(id)));
  return (
    <Checkbox.Group
      label={label}
      value={value.map(String)}
      onChange={(ids) => set(ids.map(Number))}
      description={
        <Group gap="xs" component="span">
          <Anchor
            component="button"
            type="button"
            size="xs"
            disabled={disabled}
            onClick={() => set(sorted.map((s) => s.id))}
          >
            {t('statusPicker.all')}
          </Anchor>
          <Anchor component="button" type="button" size="xs" disabled={disabled} onClick={() => set([])}>
            {t('statusPicker.none')}
          </Anchor>
        </Group>
      }
    >
      <Stack gap={6} mt="xs">
        {sorted.map((status) => (
          <Checkbox
            key={status.id}
            value={String(status.id)}
            disabled={disabled}
            label={
              <Group gap={8} wrap="nowrap" component="span">
                <Box
                  component="span"
                  aria-hidden
                  w={12}
                  h={12}
                  style={{ borderRadius: 3, background: `#${status.color}`, display: 'inline-block' }}
                />
                <Text span size="sm" fw={selected.has(status.id) ? 600 : undefined}>
                  {`${status.name} (${status.candidatesCount})`}
                </Text>
              </Group>
            }
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
