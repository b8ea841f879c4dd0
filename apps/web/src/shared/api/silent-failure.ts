import type { RouteEntry, RouteRef } from '@vivier/contract/routes';
import { type CallInput, type CallResult, call } from './call';

/**
 * SPEC section 8 "Silent failures": tag errors and the job offer form's fetch errors go to the console only,
 * with no toast. The failure is rethrown so the caller still knows.
 */
export async function withSilentFailure<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    console.error(error);
    throw error;
  }
}

/** A write of the route table whose failure is silent, console only (tags, the users screen): `callOrToast`'s sibling. */
export const callSilently = <R extends RouteEntry>(
  route: RouteRef<R>,
  input: CallInput<R>,
): Promise<CallResult<R>> => withSilentFailure(() => call(route, ...([input] as [CallInput<R>])));
