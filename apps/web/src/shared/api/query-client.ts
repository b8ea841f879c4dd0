import { QueryClient } from '@tanstack/react-query';

/** The server-state cache. Errors are toasted by the fetchers themselves (SPEC section 8), so no retry storm. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 },
    mutations: { retry: false },
  },
});
