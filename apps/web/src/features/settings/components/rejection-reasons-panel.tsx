import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../shared/notifications/toast';
import {
  useRejectionReasons,
  useSaveRejectionReasons,
} from '../../../shared/resources/activity/rejection-reasons';

type Row = { key: string; id?: number; name: string };
let nextKey = 0;

/**
 * The licence's rejection reasons (issue 21, admins): a short ordered list, edited here and saved whole; a
 * move to a status marked rejected (in the pipeline editor above) offers them.
 */
export function RejectionReasonsPanel({ opened }: { opened: boolean }) {
  const { t } = useTranslation();
  const reasons = useRejectionReasons(opened);
  const save = useSaveRejectionReasons();
  const [rows, setRows] = useState<Row[]>([]);
  useEffect(() => {
    if (reasons.data) setRows(reasons.data.map((r) => ({ key: `r${r.id}`, id: r.id, name: r.name })));
  }, [reasons.data]);
  const valid = rows.every((r) => r.name.trim() !== '');
  return (
    <Stack gap="sm">
      <Text size="sm" c="gray.8">
        {t('activity.reasons.hint')}
      </Text>
      <Stack gap={6} component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {rows.map((row, index) => (
          <Group key={row.key} component="li" gap="xs" wrap="nowrap">
            <TextInput
              flex={1}
              aria-label={`${t('activity.reasons.name')} ${index + 1}`}
              value={row.name}
              maxLength={100}
              onChange={(event) => {
                const name = event.currentTarget.value;
                setRows((current) => current.map((r) => (r.key === row.key ? { ...r, name } : r)));
              }}
            />
            <ActionIcon
              variant="subtle"
              color="red.8"
              aria-label={t('activity.reasons.remove', { name: row.name })}
              onClick={() => setRows((current) => current.filter((r) => r.key !== row.key))}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
      </Stack>
      <Group gap="xs">
        <Button
          variant="default"
          size="compact-sm"
          disabled={rows.length >= 20}
          onClick={() => setRows((current) => [...current, { key: `new${nextKey++}`, name: '' }])}
        >
          {t('activity.reasons.add')}
        </Button>
        <Button
          size="compact-sm"
          disabled={!valid}
          loading={save.isPending}
          onClick={async () => {
            try {
              await save.mutateAsync(
                rows.map((r) => ({ ...(r.id ? { id: r.id } : {}), name: r.name.trim() })),
              );
              showToast(t('activity.reasons.saved'), 'success');
            } catch {
              // toasted by the call
            }
          }}
        >
          {t('activity.reasons.save')}
        </Button>
      </Group>
    </Stack>
  );
}
