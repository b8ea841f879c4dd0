import {
  type DefaultOptions,
  QueryClient,
  type QueryKey,
  type UseMutationOptions,
} from '@tanstack/react-query';

/**
 * How the server-state cache behaves, here and in the web tests' providers (so a test sees the app's caching).
 * Errors are toasted by the fetchers themselves (SPEC section 8), so no retry storm.
 */
export const QUERY_DEFAULTS: DefaultOptions = {
  queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 },
  mutations: { retry: false },
};

/** The server-state cache. */
export const queryClient = new QueryClient({ defaultOptions: QUERY_DEFAULTS });

/**
 * The options of a mutation that writes, then brings this cache up to date with the answer: the query client
 * TanStack hands its callbacks (`{ client }`, since v5.80) goes to the resource owner's cache update
 * (`replaceCandidate`, `removeJobOffer`, ...), so a hook is one line, `useMutation(cacheMutation(write, update))`
 * (decision 165). What TanStack's `mutationOptions` would give (it only types its argument), one import fewer on
 * the job offers index, which sits at the edge of its JavaScript budget.
 */
export const cacheMutation = <TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  updateCache: (client: QueryClient, data: TData, variables: TVariables) => unknown,
): UseMutationOptions<TData, Error, TVariables> => ({
  mutationFn,
  onSuccess: (data, variables, _onMutateResult, { client }) => updateCache(client, data, variables),
});

/** The options of a mutation after which the queries under each key are fetched again. */
export const invalidatingMutation = <TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  ...keys: QueryKey[]
) =>
  cacheMutation(mutationFn, (client) =>
    Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey }))),
  );
