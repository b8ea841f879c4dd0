import { Center, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '../../../shared/session/logout';

/** /logout: clears the session and the whole client state, then shows the login screen (SPEC section 4). */
export function LogoutScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    logout();
    void navigate('/login', { replace: true });
  }, [navigate]);
  return (
    <Center component="main" mih="100vh">
      <Text role="status">{t('auth.loggingOut')}</Text>
    </Center>
  );
}
