import {
  type DefaultOptions,
  type InvalidateQueryFilters,
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

/**
 * After a write, marks the queries the filters match stale and fetches the shown ones again, as
 * `invalidateQueries` does, but first cancels their fetches in flight. TanStack reuses a fetch in flight of a
 * query that has no data yet instead of starting another, and that fetch may have been answered before the
 * write: a file dropped on a candidate's panel while its list was loading was saved, and the list went on
 * saying "No file yet". Cancelled, the fetch's answer is dropped and the refetch reads after the write. The one
 * way the web invalidates queries (architecture.test.ts; decision 236).
 */
export async function refetchAfterWrite(client: QueryClient, filters?: InvalidateQueryFilters) {
  // Marked stale only (`refetchType: 'none'`, a list kept under a person's eyes): nothing to fetch again now.
  if (filters?.refetchType !== 'none') await client.cancelQueries(filters);
  return client.invalidateQueries(filters);
}

/** The options of a mutation after which the queries under each key are fetched again. */
export const invalidatingMutation = <TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  ...keys: QueryKey[]
) =>
  cacheMutation(mutationFn, (client) =>
    Promise.all(keys.map((queryKey) => refetchAfterWrite(client, { queryKey }))),
  );
