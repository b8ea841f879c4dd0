import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactElement, type ReactNode, useState } from 'react';
import { buildTheme } from '../app/theme';
import { QUERY_DEFAULTS } from '../shared/api/query-client';

/**
 * Providers as the app has them, with Mantine in test mode (no transitions, no portals): a cache of its own per
 * test, kept across re-renders, with the app's defaults.
 */
export function TestProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: QUERY_DEFAULTS }));
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider env="test" theme={buildTheme('Close')}>
        <Notifications />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}

/** Renders with the app's providers and returns a user-event instance bound to the same document. */
export function renderWithProviders(ui: ReactElement) {
  const user = userEvent.setup();
  return { user, ...render(ui, { wrapper: TestProviders }) };
}
