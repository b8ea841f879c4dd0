import { Navigate } from 'react-router';
import { MaintenanceScreen } from '../../shared/maintenance/maintenance-screen';
import { useAppStore } from '../../shared/store/app-store';
import { MainLayout } from './main-layout';

/**
 * The gate of every protected route: no session token sends the visitor to /login, an announced maintenance
 * shows the maintenance page, anything else the main layout (SPEC sections 2 and 4).
 */
export function RequireSession() {
  const signedIn = useAppStore((state) => Boolean(state.user?.jwt));
  const maintenance = useAppStore((state) => state.maintenance);
  if (!signedIn) return <Navigate to="/login" replace />;
  if (maintenance) return <MaintenanceScreen maintenance={maintenance} />;
  return <MainLayout />;
}
