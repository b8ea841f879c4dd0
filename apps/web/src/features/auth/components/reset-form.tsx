import { PasswordInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { validationReason } from '../../../shared/api/error-message';
import { showToast } from '../../../shared/notifications/toast';
import { resetPassword } from '../api/password-recovery';
import { AuthForm } from './auth-parts';

/** The reset mode: only a new password field and Reset (SPEC section 2). */
export function ResetForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await resetPassword(token, password);
      showToast(t('auth.passwordChanged'), 'success');
      void navigate('/', { replace: true });
    } catch (error) {
      console.error(error);
      setFailure(resetFailureMessage(error));
      setBusy(false);
    }
  };

  const resetFailureMessage = (error: unknown): string => {
    if (!isApiError(error) || error.kind === 'timeout' || error.kind === 'network')
      return t('errors.noResponse');
    if (error.errorCode === 'reset_token_invalid' || error.status === 404 || error.status === 410) {
      return t('auth.resetExpired');
    }
    if (error.status === 400) {
      // Too long or too common: the server's problem, worded; too short keeps the form's own sentence.
      const tooShort = error.body.details?.some((detail) => detail.problem === 'too_short');
      return (!tooShort && validationReason(error.body.details)) || t('auth.passwordTooShort');
    }
    if (error.status === 429) return t('auth.tooManyAttempts');
    return t('errors.noResponse');
  };

  return (
    <AuthForm onSubmit={submit} busy={busy} submitLabel={t('auth.reset')} failure={failure}>
      <PasswordInput
        label={t('auth.newPassword')}
        description={t('auth.passwordRule')}
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.currentTarget.value)}
      />
    </AuthForm>
  );
}
