import { Button, Group, TextInput } from '@mantine/core';
import { isValidContact } from '@vivier/contract/contact-patterns';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ContactAddFormProps {
  kind: 'email' | 'phone';
  /** Resolves when the server has the contact; rejects (after its toast) when it does not. */
  onAdd: (value: string) => Promise<unknown>;
}

/**
 * Adds an e-mail or a phone (SPEC section 5): an empty value is not added and not flagged; a value that does
 * not match the pattern says 'Invalid email format' / 'Invalid phone format' and is not sent. The patterns are
 * the server's own (`@vivier/contract/contact-patterns`).
 */
export function ContactAddForm({ kind, onAdd }: ContactAddFormProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const email = kind === 'email';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = value.trim();
    if (trimmed === '') {
      setError(null);
      return;
    }
    if (!isValidContact(kind, trimmed)) {
      setError(t(email ? 'jobOffer.panel.invalidEmail' : 'jobOffer.panel.invalidPhone'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await onAdd(trimmed);
      setValue('');
    } catch {
      // The call toasted 'Could not add contact to candidate' (or the server's reason); the text stays to fix.
    } finally {
      setBusy(false);
    }
  };

  const label = t(email ? 'jobOffer.panel.newEmail' : 'jobOffer.panel.newPhone');
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          size="xs"
          flex={1}
          type={email ? 'email' : 'tel'}
          aria-label={label}
          placeholder={label}
          value={value}
          error={error}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            if (error) setError(null);
          }}
        />
        <Button type="submit" size="xs" variant="light" loading={busy}>
          {t(email ? 'jobOffer.panel.addEmail' : 'jobOffer.panel.addPhone')}
        </Button>
      </Group>
    </form>
  );
}
