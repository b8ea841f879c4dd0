import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../shared/api/query-client';
import { AppMantineProvider } from './app-mantine-provider';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AppMantineProvider>{children}</AppMantineProvider>
    </QueryClientProvider>
  );
}
