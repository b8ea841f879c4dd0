import { Divider, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { login } from '../api/login';
import { type OrganisationChoice, organisationChoiceOf } from '../api/organisation-choice';
import { AuthForm, EmailField, ModeLink } from './auth-parts';
import { OrganisationChooser } from './organisation-chooser';
import { SocialButtons } from './social-buttons';

/** Mode 0: email and password. No client-side checks (SPEC section 5); failures are shown, never toasted. */
export function LoginForm({
  onForgot,
  choice: initialChoice = null,
}: {
  onForgot: () => void;
  /** A choice of organisation already asked for (after a provider sign-in). */
  choice?: OrganisationChoice | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [choice, setChoice] = useState<OrganisationChoice | null>(initialChoice);

  const submit = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await login({ email, password });
      void navigate('/', { replace: true });
    } catch (error) {
      const asked = organisationChoiceOf(error);
      if (asked) setChoice(asked);
      else {
        console.error(error);
        setFailure(loginFailureMessage(error));
      }
      setBusy(false);
    }
  };

  const loginFailureMessage = (error: unknown): string => {
    if (isApiError(error) && error.status === 429) return t('auth.tooManyAttempts');
    if (isApiError(error) && (error.kind === 'timeout' || error.kind === 'network'))
      return t('errors.noResponse');
    return t('auth.loginFailed');
  };

  if (choice) return <OrganisationChooser choice={choice} onBack={() => setChoice(null)} />;

  return (
    <Stack gap="md">
      <AuthForm onSubmit={submit} busy={busy} submitLabel={t('auth.login')} failure={failure}>
        <EmailField value={email} onChange={setEmail} />
        <PasswordInput
          label={t('auth.password')}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
      </AuthForm>
      <ModeLink href="#forgot" onClick={onForgot}>
        {t('auth.forgotPassword')}
      </ModeLink>
      <Divider
        label={
          <Text component="span" size="xs" c="gray.7">
            {t('auth.or')}
          </Text>
        }
        labelPosition="center"
      />
      <SocialButtons />
    </Stack>
  );
}
