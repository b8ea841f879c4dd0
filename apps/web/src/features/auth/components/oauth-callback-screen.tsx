import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { config } from '../../../shared/config';
import { completeOAuth, isOAuthProvider, isStartedSignIn, PROVIDER_NAMES } from '../api/oauth';

/**
 * /oauth/{provider}/callback: hands the provider's answer to the server, then always goes to / (SPEC section 2),
 * signed in or not. A failure is a silent one of SPEC section 8: the console only, no message on screen; a
 * person who could not sign in lands on the login screen through /. Only the sign-in this tab started is
 * completed (`isStartedSignIn`).
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
    if (!isStartedSignIn(provider, search)) {
      console.error(`Ignored a ${PROVIDER_NAMES[provider]} sign-in this tab did not start`);
      finish();
      return;
    }
    completeOAuth(provider, search)
      .catch((error: unknown) => {
        console.error(
          t('auth.providerLoginFailed', { provider: PROVIDER_NAMES[provider], product: config.productName }),
          error,
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
