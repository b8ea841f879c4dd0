import { notificationsStore, useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState } from 'react';
import { TOAST_LIMIT, TOAST_POSITION } from '../shared/notifications/toast';
import { AppMantineProvider } from './app-mantine-provider';
import { TopLoadingBar } from './top-loading-bar';

// The toasts' component (transitions, drag to dismiss: ~8 kB of gzipped JavaScript) loads with the first
// toast, not on every first page (DESIGN section 6's 250 kB); the store that holds them is small and set up
// now, with the position and limit the component would give it, so a toast shown before it loads is placed
// as the others.
const Toasts = lazy(() => import('./toasts').then((m) => ({ default: m.Toasts })));
notificationsStore.updateState((state) => ({
  ...state,
  limit: TOAST_LIMIT,
  defaultPosition: TOAST_POSITION,
}));

/** True from the first toast on. */
function useToastShown() {
  const { notifications, queue } = useNotifications();
  const [shown, setShown] = useState(false);
  const any = notifications.length + queue.length > 0;
  useEffect(() => {
    if (any) setShown(true);
  }, [any]);
  return shown || any;
}

/**
 * The second, separate root of SPEC section 2: app-wide overlays (toasts and the top loading bar) live in their
 * own React root, so they survive whatever the page root renders, including its error screens.
 */
export function OverlayRoot() {
  const toasts = useToastShown();
  return (
    <AppMantineProvider overlay>
      {toasts && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
      <TopLoadingBar />
    </AppMantineProvider>
  );
}
