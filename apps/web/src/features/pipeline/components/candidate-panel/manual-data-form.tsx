import { Button, Group, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnsavedChangesGuard } from '../../../../shared/hooks/use-unsaved-changes-guard';
import type { Candidate } from '../../../../shared/resources/candidates/candidate';

export interface ManualData {
  firstName: string | null;
  lastName: string | null;
  title: string | null;
}

export interface ManualDataFormProps {
  candidate: Candidate;
  onSave: (data: ManualData) => Promise<unknown>;
  onClose: () => void;
}

const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());

/**
 * What a recruiter types over the profile (SPEC section 3, `manualData`): first name, last name and title. The
 * name and title shown fall back to them when the profile has none.
 */
export function ManualDataForm({ candidate, onSave, onClose }: ManualDataFormProps) {
  const { t } = useTranslation();
  const initial = {
    firstName: candidate.manualData.firstName ?? '',
    lastName: candidate.manualData.lastName ?? '',
    title: candidate.manualData.title ?? '',
  };
  const [values, setValues] = useState(initial);
  const [busy, setBusy] = useState(false);
  const dirty = (Object.keys(initial) as (keyof typeof initial)[]).some(
    (key) => values[key] !== initial[key],
  );
  // Closing the form does not navigate: only leaving the screen (or this candidate) with changes asks.
  useUnsavedChangesGuard(dirty && !busy);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await onSave({
        firstName: blankToNull(values.firstName),
        lastName: blankToNull(values.lastName),
        title: blankToNull(values.title),
      });
      onClose();
    } catch {
      // The call toasted 'Error during the process'; the form stays open with what was typed.
    } finally {
      setBusy(false);
    }
  };

  const field = (key: keyof typeof initial, label: string) => (
    <TextInput
      size="xs"
      label={label}
      value={values[key]}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setValues((current) => ({ ...current, [key]: next }));
      }}
    />
  );
  return (
    <form onSubmit={(event) => void submit(event)} aria-label={t('jobOffer.panel.editTitle')}>
      <Stack gap="xs">
        {field('firstName', t('jobOffer.panel.firstName'))}
        {field('lastName', t('jobOffer.panel.lastName'))}
        {field('title', t('jobOffer.panel.title'))}
        <Group gap="xs" justify="flex-end">
          <Button size="xs" variant="default" onClick={onClose}>
            {t('jobOffer.panel.cancel')}
          </Button>
          <Button size="xs" type="submit" loading={busy}>
            {t('jobOffer.panel.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
