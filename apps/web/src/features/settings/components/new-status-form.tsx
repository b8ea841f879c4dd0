import { Button, Group, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateStatus } from '../api/create-status';

/** Adds a status at the end of the pipeline; an empty name is not saved (SPEC section 5). */
export function NewStatusForm() {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const create = useCreateStatus();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '' || create.isPending) return;
    try {
      await create.mutateAsync(name.trim());
      setName('');
    } catch {
      // toasted: 'The status could not be saved'; the name stays to try again
    }
  };

  return (
    <Group component="form" gap="xs" align="flex-end" onSubmit={(event) => void submit(event)}>
      <TextInput
        flex={1}
        label={t('settings.newStatus')}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
      />
      <Button
        type="submit"
        variant="light"
        color="indigo.9"
        loading={create.isPending}
        disabled={name.trim() === ''}
      >
        {t('settings.addStatus')}
      </Button>
    </Group>
  );
}
