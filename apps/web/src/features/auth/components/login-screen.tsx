import { Alert } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { config } from '../../../shared/config';
import { MaintenanceScreen } from '../../../shared/maintenance/maintenance-screen';
import { useAppStore } from '../../../shared/store/app-store';
import { PROVIDER_NAMES } from '../api/oauth';
import { AuthCard } from './auth-parts';
import { LoginForm } from './login-form';
import type { LoginScreenState } from './oauth-callback-screen';
import { RecoveryForm } from './recovery-form';
import { RecoverySent } from './recovery-sent';
import { ResetForm } from './reset-form';

/** SPEC section 4: 0 normal, 1 asking for recovery, 2 recovery email sent; the reset route is the fourth mode. */
export type LoginMode = 'login' | 'recovery' | 'recovery-sent';

const FORGOT_HASH = '#forgot';

/** /login and /reset_password/{token}: the four modes of SPEC section 2. */
export function LoginScreen() {
  const { t } = useTranslation();
  const { token } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const signedIn = useAppStore((state) => state.user !== null);
  const maintenance = useAppStore((state) => state.maintenance);
  const [mode, setMode] = useState<LoginMode>(location.hash === FORGOT_HASH ? 'recovery' : 'login');
  // What a refused provider sign-in left for this screen to say (oauth-callback-screen.tsx).
  const state = (location.state ?? null) as Partial<LoginScreenState> | null;
  const refused = state && 'providerRefused' in state ? state.providerRefused : undefined;
  const choice = state && 'choice' in state ? state.choice : undefined;

  // The fragment follows the browser's back and forward buttons: #forgot asks for recovery, none is the login form.
  useEffect(() => {
    setMode((current) => {
      if (location.hash !== FORGOT_HASH) return 'login';
      return current === 'login' ? 'recovery' : current;
    });
  }, [location.hash]);

  if (signedIn && token === undefined) return <Navigate to="/" replace />;
  // Nothing can succeed while the server is down for maintenance: say so rather than 'Failed to log in'.
  if (maintenance) return <MaintenanceScreen maintenance={maintenance} />;

  const goTo = (next: LoginMode) => {
    setMode(next);
    if (next === 'recovery') void navigate({ hash: 'forgot' });
    if (next === 'login' && location.hash) void navigate({ hash: '' }, { replace: true });
  };

  const title =
    token !== undefined
      ? t('auth.resetTitle')
      : mode === 'login'
        ? t('auth.loginTitle')
        : t('auth.recoveryTitle');

  return (
    <AuthCard title={title}>
      {refused && mode === 'login' && token === undefined && (
        <Alert
          color="red"
          role="alert"
          title={t('auth.providerRefusedTitle', { provider: PROVIDER_NAMES[refused.provider] })}
        >
          {t(`auth.providerRefused.${refused.reason}`, {
            provider: PROVIDER_NAMES[refused.provider],
            product: config.productName,
          })}
        </Alert>
      )}
      {token !== undefined ? (
        <ResetForm token={token} />
      ) : mode === 'login' ? (
        <LoginForm onForgot={() => goTo('recovery')} choice={choice ?? null} />
      ) : mode === 'recovery' ? (
        <RecoveryForm onSent={() => goTo('recovery-sent')} onBack={() => goTo('login')} />
      ) : (
        <RecoverySent onBack={() => goTo('login')} />
      )}
    </AuthCard>
  );
}
