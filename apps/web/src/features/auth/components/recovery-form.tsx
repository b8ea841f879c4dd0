import { Button, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestPasswordRecovery } from '../api/password-recovery';
import { ModeLink } from './auth-parts';

/** Mode 1: the recovery request. A failure stays silent apart from the console (SPEC section 8). */
export function RecoveryForm({ onSent, onBack }: { onSent: () => void; onBack: () => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await requestPasswordRecovery(email);
      onSent();
    } catch (error) {
      console.error(error);
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm">{t('auth.recoveryIntro')}</Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('auth.email')}
            type="email"
            autoComplete="username"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <Button type="submit" loading={busy} fullWidth>
            {t('auth.submit')}
          </Button>
        </Stack>
      </form>
      <ModeLink href="/login" onClick={onBack}>
        {t('auth.goBack')}
      </ModeLink>
    </Stack>
  );
}
