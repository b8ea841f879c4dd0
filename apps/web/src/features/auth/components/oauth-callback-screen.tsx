import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { config } from '../../../shared/config';
import { showToast } from '../../../shared/notifications/toast';
import { completeOAuth, isOAuthProvider, PROVIDER_NAMES } from '../api/oauth';

/**
 * /oauth/{provider}/callback: hands the provider's answer to the server, then always goes to / (SPEC section 2).
 * A refusal is logged and explained with the catalogue's provider message (SPEC section 8).
 */
export function OAuthCallbackScreen() {
  const { t } = useTranslation();
  const { provider } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  // The provider's code is single-use: StrictMode's second effect run must not send it again.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const finish = () => void navigate('/', { replace: true });
    if (!isOAuthProvider(provider)) {
      console.error(`Unknown sign-in provider: ${provider}`);
      finish();
      return;
    }
    completeOAuth(provider, search)
      .catch((error: unknown) => {
        console.error(error);
        showToast(
          t('auth.providerLoginFailed', { provider: PROVIDER_NAMES[provider], product: config.productName }),
          'error',
        );
      })
      .finally(finish);
  }, [provider, search, navigate, t]);

  return (
    <Center component="main" mih="100vh">
      <Stack align="center">
        <Loader aria-hidden />
        <Text role="status">{t('auth.signingIn')}</Text>
      </Stack>
    </Center>
  );
}
