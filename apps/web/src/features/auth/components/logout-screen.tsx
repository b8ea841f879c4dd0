import { Center, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '../../../shared/session/logout';
import { useAppStore } from '../../../shared/store/app-store';
import { revokeSession } from '../api/logout';

/**
 * /logout: ends the session on the server, clears the session and the whole client state, then shows the login
 * screen (SPEC section 4). The client state goes at once; a server that cannot be reached does not keep the
 * person signed in here.
 */
export function LogoutScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    const token = useAppStore.getState().user?.token;
    if (token) revokeSession({ token }).catch((error: unknown) => console.error(error));
    logout();
    void navigate('/login', { replace: true });
  }, [navigate]);
  return (
    <Center component="main" mih="100vh">
      <Text role="status">{t('auth.loggingOut')}</Text>
    </Center>
  );
}
