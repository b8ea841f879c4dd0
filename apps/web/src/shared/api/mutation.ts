import { mutationOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { RouteEntry, RouteRef } from '@vivier/contract/routes';
import type { en } from '../i18n/en';
import { i18n } from '../i18n/i18n';
import { type CallInput, type CallResult, call } from './call';
import { withErrorToast } from './notify-error';
import { withSilentFailure } from './silent-failure';

/** A message of the catalogue's `errors` section: the default text of a failed action's toast. */
export type ErrorMessageKey = `errors.${keyof typeof en.errors & string}`;

/**
 * A write of the route table whose failure toasts the action's message (SPEC section 8): the shape of almost
 * every mutation of the app, written once (docs/decisions/165).
 */
export const callOrToast = <R extends RouteEntry>(
  route: RouteRef<R>,
  input: CallInput<R>,
  messageKey: ErrorMessageKey,
): Promise<CallResult<R>> =>
  withErrorToast(() => call(route, ...([input] as [CallInput<R>])), i18n.t(messageKey));

/** The same write where a failure is silent, console only (SPEC section 8: tags, the users screen). */
export const callSilently = <R extends RouteEntry>(
  route: RouteRef<R>,
  input: CallInput<R>,
): Promise<CallResult<R>> => withSilentFailure(() => call(route, ...([input] as [CallInput<R>])));

/**
 * The options of a mutation that writes, then brings the cache up to date with the answer: TanStack's own
 * `mutationOptions`, with the query client its callbacks receive handed to the resource owner's cache update
 * (`replaceCandidate`, `removeJobOffer`, ...). A hook is then `() => useMutation(cacheMutation(write, update))`.
 */
export const cacheMutation = <TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  updateCache: (client: QueryClient, data: TData, variables: TVariables) => unknown,
) =>
  mutationOptions({
    mutationFn,
    onSuccess: (data: TData, variables: TVariables, _onMutateResult: unknown, { client }) =>
      updateCache(client, data, variables),
  });

/** The options of a mutation after which the queries under each key are fetched again. */
export const invalidatingMutation = <TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  ...keys: QueryKey[]
) =>
  cacheMutation(mutationFn, (client) =>
    Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey }))),
  );
