import { Button, Stack } from '@mantine/core';
import { type Icon, IconBrandGoogle, IconBrandWindows } from '@tabler/icons-react';
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

/** The providers in the order their buttons show. */
const PROVIDERS = [
  { provider: 'google', Icon: IconBrandGoogle, label: 'auth.signInWithGoogle' },
  { provider: 'microsoft', Icon: IconBrandWindows, label: 'auth.signInWithMicrosoft' },
] as const satisfies readonly { provider: OAuthProvider; Icon: Icon; label: string }[];

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
      {PROVIDERS.map(({ provider, Icon, label }) => (
        <Button
          key={provider}
          variant="default"
          leftSection={<Icon size={18} aria-hidden />}
          loading={busy === provider}
          onClick={() => void signIn(provider)}
        >
          {t(label)}
        </Button>
      ))}
    </Stack>
  );
}
