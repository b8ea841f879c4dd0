import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestPasswordRecovery } from '../api/password-recovery';
import { AuthForm, EmailField, ModeLink } from './auth-parts';

/** Mode 1: the recovery request. A failure stays silent apart from the console (SPEC section 8). */
export function RecoveryForm({ onSent, onBack }: { onSent: () => void; onBack: () => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async () => {
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
      <AuthForm onSubmit={submit} busy={busy} submitLabel={t('auth.submit')}>
        <EmailField value={email} onChange={setEmail} />
      </AuthForm>
      <ModeLink href="/login" onClick={onBack}>
        {t('auth.goBack')}
      </ModeLink>
    </Stack>
  );
}
