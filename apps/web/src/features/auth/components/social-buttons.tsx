import { Button, Stack } from '@mantine/core';
import { IconBrandGoogle, IconBrandWindows } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../shared/notifications/toast';
import {
  fetchAuthUrl,
  type OAuthProvider,
  openProviderPage,
  PROVIDER_NAMES,
  rememberStartedSignIn,
} from '../api/oauth';

/** 'Sign in with Google' / 'Sign in with Microsoft': ask the server for the provider's address and go there. */
export function SocialButtons() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<OAuthProvider | null>(null);

  const signIn = async (provider: OAuthProvider) => {
    setBusy(provider);
    try {
      const url = await fetchAuthUrl(provider);
      rememberStartedSignIn(provider, url);
      openProviderPage(url);
    } catch (error) {
      console.error(error);
      showToast(t('auth.cannotFetchAuthUrl', { provider: PROVIDER_NAMES[provider] }), 'error');
      setBusy(null);
    }
  };

  return (
    <Stack gap="xs">
      <Button
        variant="default"
        leftSection={<IconBrandGoogle size={18} aria-hidden />}
        loading={busy === 'google'}
        onClick={() => void signIn('google')}
      >
        {t('auth.signInWithGoogle')}
      </Button>
      <Button
        variant="default"
        leftSection={<IconBrandWindows size={18} aria-hidden />}
        loading={busy === 'microsoft'}
        onClick={() => void signIn('microsoft')}
      >
        {t('auth.signInWithMicrosoft')}
      </Button>
    </Stack>
  );
}
