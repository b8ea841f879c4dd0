import { Alert, Anchor, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { routes } from '@vivier/contract/routes';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { call } from '../../../shared/api/call';
import { Logo } from '../../../shared/widgets/logo/logo';

type Outcome = 'pending' | 'confirmed' | 'expired' | 'unreachable';

/**
 * /confirm_email/{token}: the link mailed when an admin adds a person proves the address is theirs
 * (docs/decisions/136-accounts-per-licence.md). POST /users/confirm/{token}, then says how it went.
 */
export function ConfirmEmailScreen() {
  const { t } = useTranslation();
  const { token } = useParams();
  const [outcome, setOutcome] = useState<Outcome>('pending');
  // The link is single-use: StrictMode's second effect run must not spend it again.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    call(routes.auth.confirmAddress, { params: { token: token ?? '' } })
      .then(() => setOutcome('confirmed'))
      .catch((error: unknown) => {
        console.error(error);
        setOutcome(isApiError(error) && error.kind === 'http' ? 'expired' : 'unreachable');
      });
  }, [token]);

  return (
    <Center component="main" mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={420}>
        <Stack gap="lg">
          <Center>
            <Logo size={48} />
          </Center>
          <Title order={1} size="h2" ta="center">
            {t('auth.confirmTitle')}
          </Title>
          {outcome === 'pending' ? (
            <Center>
              <Loader aria-hidden size="sm" />
              <Text role="status" ml="sm">
                {t('auth.confirming')}
              </Text>
            </Center>
          ) : outcome === 'confirmed' ? (
            <Alert color="green" role="status">
              {t('auth.confirmed')}
            </Alert>
          ) : (
            <Alert color="red" role="alert">
              {outcome === 'expired' ? t('auth.confirmExpired') : t('errors.noResponse')}
            </Alert>
          )}
          <Anchor component={Link} to="/login" ta="center">
            {t('auth.goToLogin')}
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}
