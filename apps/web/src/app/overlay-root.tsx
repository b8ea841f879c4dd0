import { Notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '../shared/notifications/toast';
import { AppMantineProvider } from './app-mantine-provider';
import { TopLoadingBar } from './top-loading-bar';

/**
 * The second, separate root of SPEC section 2: app-wide overlays (toasts and the top loading bar) live in their
 * own React root, so they survive whatever the page root renders, including its error screens.
 */
export function OverlayRoot() {
  return (
    <AppMantineProvider overlay>
      <Notifications limit={5} autoClose={TOAST_DURATION_MS} position="top-right" />
      <TopLoadingBar />
    </AppMantineProvider>
  );
}
