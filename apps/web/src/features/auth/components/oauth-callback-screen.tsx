import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { completeOAuth, isOAuthProvider, isStartedSignIn, type OAuthProvider } from '../api/oauth';
import { type OrganisationChoice, organisationChoiceOf } from '../api/organisation-choice';

/** Why a provider sign-in was refused, as the login screen words it (auth.providerRefused.*). */
export type ProviderRefusal =
  | 'invalid_state'
  | 'provider'
  | 'no_account'
  | 'email_unconfirmed'
  | 'email_not_verified'
  | 'other';

/** What the callback hands the login screen (router state) when it could not sign the person in. */
export type LoginScreenState =
  | { providerRefused: { provider: OAuthProvider; reason: ProviderRefusal } }
  | { choice: OrganisationChoice };

const PROVIDER_SIDE = new Set([
  'provider_error',
  'provider_unavailable',
  'provider_not_configured',
  'oauth_failed',
  'oauth_denied',
]);

function refusalOf(error: unknown): ProviderRefusal {
  const code = isApiError(error) ? error.errorCode : undefined;
  if (code === 'invalid_state' || code === 'no_account' || code === 'email_unconfirmed') return code;
  if (code === 'email_not_verified') return code;
  if (code && PROVIDER_SIDE.has(code)) return 'provider';
  return 'other';
}

/**
 * /oauth/{provider}/callback: hands the provider's answer to the server, then goes to / signed in (SPEC
 * section 2). When the sign-in is refused, the login screen says why and what to do (issue 19 item 8); when
 * the address has accounts in several organisations, it asks which. Only the sign-in this tab started is
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
    const toLogin = (state: LoginScreenState) => void navigate('/login', { replace: true, state });
    if (!isOAuthProvider(provider)) {
      console.error(`Unknown sign-in provider: ${provider}`);
      void navigate('/', { replace: true });
      return;
    }
    if (!isStartedSignIn(provider, search)) {
      console.error(`Ignored a ${provider} sign-in this tab did not start`);
      toLogin({ providerRefused: { provider, reason: 'invalid_state' } });
      return;
    }
    completeOAuth(provider, search)
      .then(() => void navigate('/', { replace: true }))
      .catch((error: unknown) => {
        const choice = organisationChoiceOf(error);
        if (choice) {
          toLogin({ choice });
          return;
        }
        console.error(error);
        toLogin({ providerRefused: { provider, reason: refusalOf(error) } });
      });
  }, [provider, search, navigate]);

  return (
    <Center component="main" mih="100vh">
      <Stack align="center">
        <Loader aria-hidden />
        <Text role="status">{t('auth.signingIn')}</Text>
      </Stack>
    </Center>
  );
}
