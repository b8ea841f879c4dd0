import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/nprogress/styles.css';
import '@mantine/dropzone/styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/app-providers';
import { followContextLanguage } from './app/context-language';
import { OverlayRoot } from './app/overlay-root';
import { createAppRouter } from './app/router';
import { startI18n } from './shared/i18n/i18n';
import { installCspNonce } from './shared/nonce';
import { setReportedUser, startErrorReporting } from './shared/reporting/error-reporting';
import { followOtherTabs } from './shared/session/other-tabs';
import { useAppStore } from './shared/store/app-store';

installCspNonce();
startErrorReporting();
startI18n();
const firstLanguage = followContextLanguage();
followOtherTabs();
const user = useAppStore.getState().user;
if (user) setReportedUser({ id: user.id, email: user.email });

function mount(id: string): ReturnType<typeof createRoot> {
  const element = document.getElementById(id);
  if (!element) throw new Error(`index.html lacks #${id}`);
  return createRoot(element);
}

// The first screen shows in the visitor's language: wait for its texts (English needs no fetch).
// The first render is a transition: React renders the layout and the first screen in slices it can interrupt
// (a default-priority update renders in one go: 75 ms of the main thread for the jobs screen, on this machine's
// quiet cores; decision 213).
void firstLanguage.then(() => {
  const root = mount('root');
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={createAppRouter()} />
        </AppProviders>
      </StrictMode>,
    ),
  );

  // SPEC section 2: a second, separate root for the app-wide overlays.
  mount('overlay-root').render(
    <StrictMode>
      <OverlayRoot />
    </StrictMode>,
  );
});
